"""Standings read from deals recorded through the services, computed by hand."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.results.conftest import Event, make_event
from tournaments.results.selectors import results_viewer_may_see_unreleased, tournament_results
from tournaments.results.services import results_recompute, round_hold, round_release
from tournaments.services.entries import entry_substitute_add, entry_withdraw
from tournaments.standings import EntrantStatus, Standings, format_rate

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


def _places(e: Event, standings: Standings) -> dict[str, int | None]:
    names = {e.pid(n): n for n in e.p}
    return {names[row.player_id]: row.place for row in standings.rows}


def test_fewer_placky_breaks_a_tie_in_success_rate() -> None:
    e = make_event("abcdefgh")
    r1 = e.round("abcd", "efgh")
    e.misdeal(r1, 1)
    e.misdeal(r1, 1)  # the second misdeal gives dealer a (seat A) a letter
    e.play(r1, 1, "bbbbccccaaaa")  # a: 12 played, 4 lost, 5th letter: placka
    e.play(r1, 2, "eeeeffffgggg")  # e: 12 played, 4 lost, no placka
    s = tournament_results(e.tournament).standings
    a, ee = s.row(e.pid("a")), s.row(e.pid("e"))
    assert a.success_rate == ee.success_rate == Fraction(8, 12)
    assert (a.total.placky, ee.total.placky) == (1, 0)
    assert _places(e, s) == {
        "d": 1, "h": 1, "b": 3, "c": 3, "e": 3, "f": 3, "g": 3, "a": 8
    }  # fmt: skip


def test_more_deals_played_breaks_a_tie_then_the_tournament_precedence_decides() -> None:
    e = make_event("abcdefgh")
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "aabb")  # a, b: 2/4
    e.play(r1, 2, "eeeeffff")  # e, f: 4/8
    places = _places(e, tournament_results(e.tournament).standings)
    assert places == {"g": 1, "h": 1, "c": 3, "d": 3, "e": 5, "f": 5, "a": 7, "b": 7}

    e.tournament.tiebreaks = ["success_rate"]
    e.tournament.save(update_fields=["tiebreaks"])
    places = _places(e, tournament_results(e.tournament).standings)
    assert places == {"g": 1, "h": 1, "c": 1, "d": 1, "e": 5, "f": 5, "a": 5, "b": 5}


def test_fewer_penalty_points_break_the_last_tie() -> None:
    e = make_event("abcdefgh")
    r1 = e.round("abcd", "efgh")
    e.play_points(r1, 1, [{"a": 7, "b": 0, "c": 26, "d": 0}])
    e.play_points(r1, 2, [{"e": 0, "f": 7, "g": 26, "h": 0}])
    s = tournament_results(e.tournament).standings
    assert s.row(e.pid("a")).total.penalty_points == 7
    assert _places(e, s) == {"b": 1, "d": 1, "e": 1, "h": 1, "a": 5, "f": 5, "c": 7, "g": 7}
    assert s.precedence == ("success_rate", "placky", "deals_played", "penalty_points")


def test_a_held_round_is_hidden_from_the_public_but_not_from_the_director() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "bbbbccaaaaa")
    r2 = e.round("abcd")
    round_hold(by=e.director, round_=r2)
    e.play(r2, 1, "bdaaaaa")

    public = tournament_results(e.tournament)
    assert public.visible_rounds == (1,) and not public.includes_unreleased
    assert public.standings.row(e.pid("b")).total.deals_played == 11
    director = tournament_results(e.tournament, include_unreleased=True)
    assert director.visible_rounds == (1, 2)
    assert director.standings.row(e.pid("b")).total.deals_played == 18
    assert [r.released for r in public.rounds] == [True, False]

    assert results_viewer_may_see_unreleased(e.director, e.tournament)
    assert not results_viewer_may_see_unreleased(AnonymousUser(), e.tournament)
    assert not results_viewer_may_see_unreleased(UserFactory(), e.tournament)
    referee = UserFactory()
    e.tournament.head_referee = referee
    e.tournament.save(update_fields=["head_referee"])
    assert results_viewer_may_see_unreleased(referee, e.tournament)

    round_release(by=e.director, round_=r2)
    assert tournament_results(e.tournament).visible_rounds == (1, 2)


def test_only_directors_hold_or_release_and_not_twice() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    with pytest.raises(PermissionDenied):
        round_hold(by=UserFactory(), round_=r1)
    with pytest.raises(ValidationError) as exc:
        round_release(by=e.director, round_=r1)
    assert "already released" in str(exc.value)
    r1.refresh_from_db()
    assert r1.released is True


def test_a_repeated_read_is_one_query_and_a_deal_makes_it_fresh(
    django_assert_num_queries: Any,
) -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "bb")
    first = tournament_results(e.tournament)
    with django_assert_num_queries(1):
        again = tournament_results(e.tournament)
    assert again == first
    e.play(r1, 1, "c")
    fresh = tournament_results(e.tournament)
    assert fresh.version > first.version
    assert fresh.standings.row(e.pid("c")).total.deals_lost == 1


def test_substitutes_and_unclassified_withdrawals_are_shown_without_a_place() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "aabbbbb")  # b placka; a 5/7; c, d 7/7
    entry_withdraw(by=e.director, entry=e.p["c"])
    e.p["s"] = entry_substitute_add(by=e.director, replaces=e.p["c"], player=PlayerFactory())
    r2 = e.round("absd")
    e.play(r2, 1, "sssss")  # the substitute takes the placka, 0/5
    s = tournament_results(e.tournament).standings
    c, sub = s.row(e.pid("c")), s.row(e.pid("s"))
    assert c.place is None and c.status is EntrantStatus.WITHDRAWN_UNCLASSIFIED
    assert c.total.deals_played == 7  # shown, with the figures
    assert sub.place is None and sub.status is EntrantStatus.SUBSTITUTE
    # d 12/12, a 10/12, b 7/12: places 1-3, blocked by nobody
    assert [(row.player_id, row.place) for row in s.rows] == [
        (e.pid("d"), 1),
        (e.pid("a"), 2),
        (e.pid("b"), 3),
        (e.pid("c"), None),
        (e.pid("s"), None),
    ]


def test_a_classified_withdrawal_keeps_its_place() -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "aabbbbb")
    entry_withdraw(by=e.director, entry=e.p["c"], classified=True)
    s = tournament_results(e.tournament).standings
    c = s.row(e.pid("c"))
    assert c.status is EntrantStatus.WITHDRAWN_CLASSIFIED and c.place == 1 and c.is_shared


def test_a_tournament_without_rounds_has_empty_standings() -> None:
    e = make_event("ab")
    results = tournament_results(e.tournament)
    assert results.rounds == () and results.classification is None
    assert [row.place for row in results.standings.rows] == [1, 1]
    assert results_recompute(e.tournament.pk) == 0
