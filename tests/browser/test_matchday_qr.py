"""Match day on a phone, under the real CSP: a line judge opens their table from the QR code
printed on a seat card, and the Print buttons print through the site's static script."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import LISTEN_VIOLATIONS, sign_in
from tests.games.conftest import make_setup
from tournaments.templatetags.matchday_tags import table_qr_svg

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.matchday,
]

# Print dialogs cannot be seen headless: count the calls instead (an init script is not
# subject to the page's content security policy, the page's own scripts are).
COUNT_PRINTS = """() => {
  window.__printed = 0;
  window.print = () => { window.__printed += 1; };
}"""


@pytest.fixture
def phone(phones: Any) -> Any:
    page = phones()
    page.add_init_script(f"({COUNT_PRINTS})()")
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    return page


def test_a_line_judge_opens_the_table_from_the_qr_code_on_a_seat_card(
    live_server: Any, phone: Any
) -> None:
    s = make_setup(seats=5)  # s.judge is the table's line judge
    cards = f"/tournaments/{s.tournament.slug}/rounds/{s.round.number}/cards/"
    sign_in(phone, live_server.url, s.judge.username, "pw", cards)

    # the printed card: five seats, each with the table's QR code and short URL
    expect(phone.locator(".seat-card")).to_have_count(5)
    card = phone.locator(".seat-card").first
    qr = card.locator(".table-qr")
    url = qr.get_attribute("data-url")
    assert url == f"{live_server.url}/t/{s.table.pk}/"
    # the code drawn is the code of exactly that URL, and the short URL is printed under it
    drawn = qr.locator("svg.qr path").get_attribute("d")
    assert drawn and re.search(r' d="([^"]+)"', table_qr_svg(url))[1] == drawn  # type: ignore[index]
    assert qr.locator("figcaption").inner_text() == url.split("://", 1)[1]

    # the Print button prints, through the static script, under the policy
    phone.click("[data-print]")
    assert phone.evaluate("() => window.__printed") == 1

    # scanning the code opens the table page, where the judge records a deal
    phone.goto(url)
    assert phone.url == f"{live_server.url}/games/tables/{s.table.pk}/"
    phone.on("dialog", lambda dialog: dialog.accept())
    phone.click("#seats button.seat[data-seat=B]")
    expect(phone.locator("#deal-log li")).to_have_count(1)
    assert phone.evaluate("() => window.__violations") == []


def test_print_buttons_print_on_the_draw_and_scoresheet_pages(live_server: Any, phone: Any) -> None:
    s = make_setup()
    for path in (
        f"/tournaments/{s.tournament.slug}/rounds/{s.round.number}/",
        f"/games/tables/{s.table.pk}/scoresheet/",
    ):
        phone.goto(live_server.url + path)
        phone.click("[data-print]")
        assert phone.evaluate("() => window.__printed") == 1, path
        assert phone.evaluate("() => window.__violations") == [], path
    # the table list links every table page and prints its QR code
    phone.goto(f"{live_server.url}/tournaments/{s.tournament.slug}/rounds/{s.round.number}/")
    phone.click(f'a[href="/games/tables/{s.table.pk}/"]')
    expect(phone.locator("#seats")).to_be_visible()
