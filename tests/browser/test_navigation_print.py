"""On a phone under the site's real content security policy: a round's scoresheets print all
at once, each table's on its own sheet, and a mistyped address lands on the site's own 404
page, in the reader's language, with a way home."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import LISTEN_VIOLATIONS, use_language
from tests.games.conftest import make_round, make_table, make_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_print_all_scoresheets_one_page_each_table_on_its_own_sheet(
    live_server: Any, phones: Any
) -> None:
    tournament = make_tournament(name="Jarní Classic", slug="jarni-classic")
    round_ = make_round(tournament)
    for _ in range(3):
        make_table(round_)
    page = phones()
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    page.goto(f"{live_server.url}/tournaments/jarni-classic/rounds/{round_.number}/dashboard/")
    page.click("#print-all-links >> text=Print all scoresheets")
    sheets = page.locator(".print-page.scoresheet-page")
    expect(sheets).to_have_count(3)
    assert [sheets.nth(i).get_attribute("data-table") for i in range(3)] == ["1", "2", "3"]
    expect(sheets.nth(2).locator("table.scoresheet")).to_be_visible()
    expect(page.locator("#print-all")).to_be_visible()
    # The way back: the breadcrumbs lead to the dashboard the director came from.
    expect(page.locator("nav.crumbs a:has-text('Round dashboard')")).to_be_visible()

    page.emulate_media(media="print")
    breaks = sheets.evaluate_all("els => els.map(e => getComputedStyle(e).breakBefore)")
    assert breaks == ["auto", "page", "page"]  # every sheet after the first starts a page
    expect(page.locator("#print-all")).to_be_hidden()  # the buttons stay off the paper
    expect(page.locator("nav.crumbs")).to_be_hidden()
    assert page.evaluate("() => window.__violations") == []


def test_a_mistyped_address_shows_the_sites_404_page(live_server: Any, phones: Any) -> None:
    page = phones()
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    use_language(page, live_server.url, "cs")
    response = page.goto(f"{live_server.url}/tournaments/no-such-cup/rounds/1/manage/x/")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("Stránka nenalezena")
    expect(page.locator("header.site-header .brand")).to_be_visible()
    assert page.locator("html").get_attribute("lang") == "cs"
    page.click("#go-home")
    page.wait_for_url(f"{live_server.url}/")
    assert page.evaluate("() => window.__violations") == []
