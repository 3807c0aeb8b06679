"""Standings read from deals recorded through the services, computed by hand."""

from __future__ import annotations

import pytest

from tests.tournaments.results.conftest import make_event
from tournaments.results.selectors import tournament_results
from tournaments.standings import format_rate

pytestmark = pytest.mark.django_db


def test_hand_computed_standings_over_two_rounds() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "bbbbccaaaaa")  # 11 deals: a 5 (placka), b 4, c 2, d 0
    results = tournament_results(e.tournament)
    rates = {row.player_id: format_rate(row.success_rate) for row in results.standings.rows}
    assert rates[e.pid("a")] == "54.5 %"  # 6/11
    assert rates[e.pid("b")] == "63.6 %"  # 7/11
    assert [row.player_id for row in results.standings.rows] == [e.pid(x) for x in "dcba"]

    r2 = e.round("abcd")
    e.play(r2, 1, "bdaaaaa")  # 7 deals: a 5 (placka), b 1, d 1
    results = tournament_results(e.tournament)
    b = results.standings.row(e.pid("b"))
    assert (b.total.deals_played, b.total.deals_lost) == (18, 5)
    assert format_rate(b.success_rate) == "72.2 %"  # 13/18
    a = results.standings.row(e.pid("a"))
    assert a.total.placky == 2 and a.place == 4
    assert [row.place for row in results.standings.rows] == [1, 2, 3, 4]
