"""Points entered on the table page are checked before they are sent: a wrong sum or a refused
deal is said next to the fields, the values stay, and the conflict box is not shown."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import DealEntry
from tests.browser.conftest import sign_in
from tests.games.conftest import Setup, make_setup

pytestmark = pytest.mark.django_db(transaction=True)


def _judge_at_table(page: Any, live_server: Any) -> Setup:
    s = make_setup(word="TONDA")  # s.judge is the table's line judge
    sign_in(page, live_server.url, s.judge.username, "pw", f"/games/tables/{s.table.pk}/")
    page.click("#points-entry summary")
    return s


def _enter(page: Any, points: dict[str, int]) -> None:
    for seat, value in points.items():
        page.fill(f"#points-fields input[data-seat={seat}]", str(value))


def test_a_wrong_sum_is_said_inline_and_the_values_stay(live_server: Any, page: Any) -> None:
    s = _judge_at_table(page, live_server)
    _enter(page, {"A": 7, "B": 0, "C": 20, "D": 0})
    page.click("#points-submit")

    expect(page.locator("#points-error")).to_contain_text("27")
    expect(page.locator("#conflict")).to_be_hidden()
    expect(page.locator("#pending-log li")).to_have_count(0)
    assert page.input_value("#points-fields input[data-seat=C]") == "20"
    assert page.get_attribute("#points-fields input[data-seat=C]", "aria-invalid") == "false"
    assert not DealEntry.objects.filter(game__table=s.table).exists()

    # when the judge corrects C, the page says who lost before sending, then records it
    page.fill("#points-fields input[data-seat=C]", "26")
    expect(page.locator("#points-loser")).to_contain_text("C")
    expect(page.locator("#points-error")).to_be_hidden()
    page.click("#points-submit")
    expect(page.locator("#deal-log li")).to_have_count(1)
    deal = DealEntry.objects.get(game__table=s.table)
    assert deal.losers == ["C"]
    assert deal.points == {"A": 7, "B": 0, "C": 26, "D": 0}


def test_a_tie_on_top_asks_for_hejma_before_sending(live_server: Any, page: Any) -> None:
    s = _judge_at_table(page, live_server)
    _enter(page, {"A": 13, "B": 13, "C": 7, "D": 0})
    page.click("#points-submit")
    expect(page.locator("#points-error")).to_contain_text("Hejma")
    page.select_option("#points-hejma", "B")
    expect(page.locator("#points-loser")).to_contain_text("B")
    page.click("#points-submit")
    expect(page.locator("#deal-log li")).to_have_count(1)
    assert DealEntry.objects.get(game__table=s.table).losers == ["B"]


def test_points_the_server_refuses_are_shown_inline_not_as_a_conflict(
    live_server: Any, page: Any
) -> None:
    s = _judge_at_table(page, live_server)
    # 33 in all, one seat on top, yet no deal of the game gives these points
    _enter(page, {"A": 9, "B": 8, "C": 8, "D": 8})
    page.click("#points-submit")

    expect(page.locator("#points-error")).to_contain_text("Deal 1 was not recorded")
    expect(page.locator("#conflict")).to_be_hidden()
    expect(page.locator("#pending-log li")).to_have_count(0)
    assert page.input_value("#points-fields input[data-seat=A]") == "9"
    assert page.input_value("#points-fields input[data-seat=D]") == "8"
    assert not DealEntry.objects.filter(game__table=s.table).exists()
    # and the table goes on: a tap records deal 1
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#seats button.seat[data-seat=D]")
    expect(page.locator("#deal-log li")).to_have_count(1)
