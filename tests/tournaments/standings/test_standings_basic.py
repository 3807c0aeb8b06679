"""Basic-round standings: hand-computed figures, success rates, shared places."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.standings import (
    Entrant,
    GameLine,
    InvalidEntrantsError,
    InvalidGameLineError,
    Tally,
    format_place,
    format_rate,
    standings_compute,
)


def test_success_rate_is_exact_and_formats_half_up_at_one_decimal() -> None:
    assert Tally(deals_played=11, deals_lost=5).success_rate == Fraction(6, 11)
    assert format_rate(Fraction(6, 11)) == "54.5 %"
    assert format_rate(Fraction(13, 18)) == "72.2 %"
    assert format_rate(Fraction(1, 16)) == "6.3 %"  # 6.25 rounds half up
    assert format_rate(Fraction(1, 8)) == "12.5 %"
    assert format_rate(Fraction(1)) == "100.0 %"
    assert format_rate(None) == "–"
    assert format_rate(Fraction(6, 11), decimal_sep=",") == "54,5 %"


def test_hand_computed_two_round_standings() -> None:
    # Given two rounds at one table of four
    entrants = [Entrant(1, "ADAM"), Entrant(2, "BOHUS"), Entrant(3, "CYRIL"), Entrant(4, "DAN")]
    lines = [
        GameLine(1, 1, 11, 5, placka=True),
        GameLine(2, 1, 10, 3),
        GameLine(3, 1, 11, 2),
        GameLine(4, 1, 9, 1),
        GameLine(2, 2, 8, 2),
        GameLine(3, 2, 7, 5, placka=True),
        GameLine(4, 2, 8, 1),
    ]
    # When
    s = standings_compute(entrants=entrants, lines=lines, cut_size=None)
    # Then: DAN 15/17, BOHUS 13/18, CYRIL 11/18, ADAM 6/11
    assert [r.name for r in s.rows] == ["DAN", "BOHUS", "CYRIL", "ADAM"]
    assert [r.place for r in s.rows] == [1, 2, 3, 4]
    bohus = s.row(2)
    assert bohus.total == Tally(deals_played=18, deals_lost=5, placky=0, points_complete=False)
    assert format_rate(bohus.success_rate) == "72.2 %"
    assert format_rate(s.row(1).success_rate) == "54.5 %"
    assert s.row(3).total.placky == 1
    assert bohus.round_tally(2) == Tally(deals_played=8, deals_lost=2, points_complete=False)
    assert s.row(1).round_tally(2) == Tally()
    assert s.rounds == (1, 2)


def test_round_standings_use_only_that_round() -> None:
    entrants = [Entrant(1, "A"), Entrant(2, "B")]
    lines = [
        GameLine(1, 1, 10, 1),
        GameLine(2, 1, 10, 5),
        GameLine(1, 2, 10, 9),
        GameLine(2, 2, 10, 0),
    ]
    round_two = standings_compute(entrants=entrants, lines=lines, rounds={2}, cut_size=None)
    assert [r.player_id for r in round_two.rows] == [2, 1]
    assert round_two.row(1).total == Tally(10, 9, points_complete=False)
    assert round_two.rounds == (2,)


def test_remaining_ties_share_a_place_and_the_next_place_skips() -> None:
    entrants = [Entrant(i, name) for i, name in enumerate(["E", "D", "C", "B", "A"], start=1)]
    lines = [
        GameLine(1, 1, 10, 1),
        GameLine(2, 1, 10, 2),
        GameLine(3, 1, 10, 3),
        GameLine(4, 1, 10, 3),  # same as 3 on every default metric
        GameLine(5, 1, 10, 6),
    ]
    s = standings_compute(entrants=entrants, lines=lines, cut_size=None)
    assert [(r.name, r.place, r.is_shared) for r in s.rows] == [
        ("E", 1, False),
        ("D", 2, False),
        ("B", 3, True),  # shared: display order by name
        ("C", 3, True),
        ("A", 5, False),
    ]
    assert [format_place(r.place) for r in s.rows] == ["1.", "2.", "3.", "3.", "5."]
    assert s.shared_places() == [(4, 3)]


def test_penalty_points_stay_none_when_not_recorded() -> None:
    entrants = [Entrant(1, "A"), Entrant(2, "B")]
    lines = [GameLine(1, 1, 10, 1), GameLine(2, 1, 10, 1, penalty_points=2), GameLine(2, 2, 5, 0)]
    s = standings_compute(entrants=entrants, lines=lines, cut_size=None)
    assert s.row(1).total.penalty_points is None
    assert s.row(2).total.penalty_points == 2


def test_an_entrant_without_deals_has_no_rate_and_ranks_last() -> None:
    entrants = [Entrant(1, "A"), Entrant(2, "B")]
    s = standings_compute(entrants=entrants, lines=[GameLine(2, 1, 10, 9)], cut_size=None)
    assert [r.player_id for r in s.rows] == [2, 1]
    assert s.row(1).success_rate is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deals_played": 5, "deals_lost": 6}, "6 deals lost but only 5 played"),
        ({"deals_played": -1, "deals_lost": 0}, "cannot be negative"),
        ({"deals_played": 5, "deals_lost": 1, "round_number": 0}, "round number"),
        ({"deals_played": 5, "deals_lost": 1, "penalty_points": -1}, "penalty"),
    ],
)
def test_impossible_game_lines_are_refused(kwargs: dict[str, int], message: str) -> None:
    args: dict[str, int] = {"player_id": 1, "round_number": 1, **kwargs}
    with pytest.raises(InvalidGameLineError, match=message):
        GameLine(**args)  # type: ignore[arg-type]


def test_duplicate_entrants_and_unknown_players_and_double_lines_are_refused() -> None:
    with pytest.raises(InvalidEntrantsError, match="entered twice"):
        standings_compute(entrants=[Entrant(1, "A"), Entrant(1, "A")], lines=[])
    with pytest.raises(InvalidEntrantsError, match="not entered"):
        standings_compute(entrants=[Entrant(1, "A")], lines=[GameLine(9, 1, 3, 1)])
    with pytest.raises(InvalidEntrantsError, match="two game lines for round 1"):
        standings_compute(
            entrants=[Entrant(1, "A")], lines=[GameLine(1, 1, 3, 1), GameLine(1, 1, 4, 1)]
        )
