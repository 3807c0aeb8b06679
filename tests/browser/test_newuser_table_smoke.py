"""The table page and the Smoke tally on a judge's phone (390x844), in Czech and Russian,
under the real CSP: deal confirmation, misdeal wording, log numbering, titles, the box column."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.smoke.services import smoke_hand_record, smoke_session_create
from tests.browser.conftest import LISTEN_VIOLATIONS, sign_in, use_language
from tests.factories import UserFactory
from tests.games.conftest import make_setup
from tests.smoke.conftest import HAND_1, HAND_2, HAND_3, HAND_4, SEEDS_NAMES

pytestmark = pytest.mark.django_db(transaction=True)


def test_table_page_confirms_deals_and_words_misdeals(live_server: Any, phones: Any) -> None:
    s = make_setup(word="TONDA")
    s.tournament.confirm_deal_entry = True
    s.tournament.save()
    judge = UserFactory(username="judge-eva", password="pw-judge-123")
    s.table.line_judge = judge
    s.table.save()
    url = f"/games/tables/{s.table.pk}/"
    page = phones()
    page.add_init_script(script=f"({LISTEN_VIOLATIONS})()")
    use_language(page, live_server.url, "cs")
    sign_in(page, live_server.url, "judge-eva", "pw-judge-123", url)
    page.wait_for_selector("#seats button.seat[data-seat=C]")
    heading = page.inner_text("h1") + page.inner_text(".table-head p.muted")
    assert heading.count(s.tournament.name) == 1  # the tournament's name once

    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))  # a slip: the judge says no
    page.click("#seats button.seat[data-seat=C]")
    page.wait_for_timeout(300)
    assert "Zapsat rozdání 1" in asked[0]
    expect(page.locator("#deal-log li")).to_have_count(0)  # nothing recorded
    page.once("dialog", lambda d: answer(d, True))
    page.click("#seats button.seat[data-seat=C]")
    expect(page.locator("#deal-log li")).to_have_count(1)
    assert page.eval_on_selector("#deal-log", "e => getComputedStyle(e).listStyleType") == "none"

    # A misdeal asks first and says what it does: the second costs the dealer a letter.
    page.once("dialog", lambda d: answer(d, True))
    page.click("#misdeal")
    expect(page.locator("#next-deal")).to_contain_text("1 chybné rozdání v tomto rozdání")
    assert "První chybné rozdání je bez trestu" in asked[-1]
    page.once("dialog", lambda d: answer(d, True))
    page.click("#misdeal")
    expect(page.locator("#next-deal")).to_contain_text("2 chybná rozdání v tomto rozdání")
    assert "dostane písmeno" in asked[-1]

    page.goto(f"{live_server.url}/games/tables/{s.table.pk}/scoresheet/")
    assert page.inner_text("h1").count(s.tournament.name) == 1
    assert page.evaluate("window.__violations") == []


def test_table_misdeal_in_russian(live_server: Any, phones: Any) -> None:
    s = make_setup(word="TONDA")
    judge = UserFactory(username="judge-ivan", password="pw-judge-123")
    s.table.line_judge = judge
    s.table.save()
    url = f"/games/tables/{s.table.pk}/"
    page = phones()
    use_language(page, live_server.url, "ru")
    sign_in(page, live_server.url, "judge-ivan", "pw-judge-123", url)
    page.wait_for_selector("#seats button.seat[data-seat=C]")
    page.click("#seats button.seat[data-seat=C]")  # no confirmation by default: at once
    expect(page.locator("#deal-log li")).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())  # the misdeal asks first
    page.click("#misdeal")
    expect(page.locator("#next-deal")).to_contain_text("1 неправильная сдача в этой раздаче")


@pytest.mark.parametrize(("language", "in_box"), [("cs", "v boxu"), ("ru", "в боксе")])
def test_smoke_tally_fits_a_phone(
    live_server: Any, phones: Any, language: str, in_box: str
) -> None:
    keeper = UserFactory(username="smoke-keeper")
    session = smoke_session_create(
        by=keeper, name="VT-4", participants=SEEDS_NAMES, first_dealer="Jim"
    )
    for hand in (HAND_1, HAND_2, HAND_3, HAND_4):
        smoke_hand_record(by=keeper, session=session, **hand)
    page = phones()
    use_language(page, live_server.url, language)
    page.goto(f"{live_server.url}/smoke/{session.pk}/")
    badge = page.locator("table.tally tr[data-name='Tom'] .badge.danger:visible")
    expect(badge).to_have_text(in_box)
    box = badge.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390  # on screen, not cut off
    fits = page.eval_on_selector("table.tally", "t => t.scrollWidth <= t.clientWidth + 1")
    assert fits
