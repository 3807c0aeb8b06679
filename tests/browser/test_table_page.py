"""A line judge records a whole game from the table page in headless Chromium."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.games.conftest import make_setup

pytestmark = pytest.mark.django_db(transaction=True)


def _sign_in(page: Any, live_server: Any, username: str, password: str, next_url: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", password)
    page.click("form.form button[type=submit]")


def test_line_judge_taps_losers_until_a_placka(live_server: Any, page: Any) -> None:
    s = make_setup(word="TONDA")
    judge = UserFactory(username="judge-anna", password="pw-judge-123")
    s.table.line_judge = judge
    s.table.save()
    url = f"/games/tables/{s.table.pk}/"
    _sign_in(page, live_server, "judge-anna", "pw-judge-123", url)
    page.wait_for_selector("#seats button.seat[data-seat=C]")
    page.on("dialog", lambda dialog: dialog.accept())

    def tap(seat: str, deal: int) -> None:
        page.click(f"#seats button.seat[data-seat={seat}]")
        expect(page.locator("#deal-log li")).to_have_count(deal)

    for deal, seat in enumerate("CACACAC", start=1):
        tap(seat, deal)
    # C holds TOND: one letter short
    assert page.locator("#seats .seat[data-seat=C] .tag-mecbol").count() == 1
    got = "".join(page.locator("#seats .seat[data-seat=C] .letter.got").all_inner_texts())
    assert got == "TOND"
    # a mistaken tap on A, then undo
    tap("A", 8)
    page.click("#undo")
    expect(page.locator("#deal-log li")).to_have_count(7)
    tap("C", 8)
    page.wait_for_selector("#seats .seat[data-seat=C] .tag-placka")
    assert page.get_attribute("#table-app", "data-status") == "finished"
    assert page.locator("#seats button.seat:not([disabled])").count() == 0
    assert (
        "".join(page.locator("#seats .seat[data-seat=C] .letter.got").all_inner_texts()) == "TONDA"
    )
    # the game is stored as finished, and so is the round (its only table)
    s.round.refresh_from_db()
    assert s.round.status == "finished"


def test_public_sees_the_table_without_buttons(live_server: Any, page: Any) -> None:
    s = make_setup()
    s.lose("B")
    page.goto(f"{live_server.url}/games/tables/{s.table.pk}/")
    page.wait_for_selector("#seats div.seat[data-seat=B]")
    assert page.locator("#seats button").count() == 0
    assert "B" in page.inner_text("#next-deal")


def test_a_misdeal_asks_first_and_the_line_judge_can_undo_it(live_server: Any, page: Any) -> None:
    s = make_setup(word="TONDA")
    judge = UserFactory(username="judge-mia", password="pw-judge-123")
    s.table.line_judge = judge
    s.table.save()
    url = f"/games/tables/{s.table.pk}/"
    _sign_in(page, live_server, "judge-mia", "pw-judge-123", url)
    page.wait_for_selector("#seats button.seat[data-seat=C]")
    expect(page.locator("#undo")).to_be_disabled()
    asked: list[str] = []

    def answer(accept: bool) -> None:
        def handle(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        page.once("dialog", handle)

    # Cancelled: nothing is recorded.
    answer(False)
    page.click("#misdeal")
    assert "misdeal of deal 1" in asked[-1] and "A deals again" in asked[-1]
    assert s.state()["next_deal"]["misdeals"] == 0
    # Confirmed: recorded, and the undo button offers to take it back.
    answer(True)
    page.click("#misdeal")
    expect(page.locator("#undo")).to_be_enabled()
    expect(page.locator("#undo")).to_have_text("Undo the misdeal")
    assert s.state()["next_deal"]["misdeals"] == 1
    answer(True)
    page.click("#undo")
    expect(page.locator("#undo")).to_be_disabled()
    assert "Undo the misdeal of deal 1" in asked[-1]
    assert s.state()["next_deal"]["misdeals"] == 0
