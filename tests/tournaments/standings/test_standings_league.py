from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.standings import InvalidPointsTableError, Tally
from tournaments.standings.league import LeagueGame, LeagueScoring, league_scheme, league_standings


def test_the_club_list_is_used_as_given_at_a_table_of_four() -> None:
    assert league_scheme((4, 3, 2, 1), 4) == (4, 3, 2, 1)


def test_tables_of_five_and_six_keep_first_and_last_and_spread_the_places_evenly() -> None:
    five = league_scheme((4, 3, 2, 1), 5)
    six = league_scheme((4, 3, 2, 1), 6)
    assert five == (4, Fraction(13, 4), Fraction(5, 2), Fraction(7, 4), 1)
    assert six == (4, Fraction(17, 5), Fraction(14, 5), Fraction(11, 5), Fraction(8, 5), 1)
    # a list that is not evenly spaced is followed piece by piece
    assert league_scheme((10, 6, 3, 0), 6) == (
        10,
        Fraction(38, 5),
        Fraction(27, 5),
        Fraction(18, 5),
        Fraction(9, 5),
        0,
    )


def test_a_points_list_must_have_four_places() -> None:
    with pytest.raises(InvalidPointsTableError):
        league_scheme((3, 2, 1), 4)


def _season() -> dict[str, object]:
    # night 1: one table of four; night 2: player 3 stays home, a table of four with 5
    games = [
        LeagueGame(night=1, letters={1: 0, 2: 2, 3: 1, 4: 5}),
        LeagueGame(night=2, letters={1: 5, 2: 0, 4: 1, 5: 2}),
    ]
    figures = {
        1: Tally(20, 10),  # 50 %
        2: Tally(20, 4),  # 80 %
        3: Tally(10, 1),  # 90 %, one night only
        4: Tally(20, 12),
        5: Tally(10, 3),
    }
    attendance = {1: [1, 2], 2: [1, 2], 3: [1], 4: [1, 2], 5: [2]}
    return {"games": games, "figures": figures, "attendance": attendance}


def test_league_table_by_placement_points_sums_each_night() -> None:
    rows = league_standings(
        scoring=LeagueScoring.PLACEMENT_POINTS,
        points=(4, 3, 2, 1),
        **_season(),  # type: ignore[arg-type]
    )
    by_player = {r.player_id: r for r in rows}
    # player 1: first (4) on night 1, last (1) on night 2
    assert by_player[1].night_points == {1: 4, 2: 1}
    assert by_player[2].night_points == {1: 2, 2: 4}
    assert by_player[1].points == 5 and by_player[2].points == 6
    assert [r.player_id for r in rows] == [2, 1, 4, 3, 5]
    assert by_player[3].nights == 1 and by_player[2].nights == 2
    assert by_player[4].points == 1 + 3


def test_league_table_by_success_rate_uses_the_season_figures() -> None:
    rows = league_standings(
        scoring=LeagueScoring.SUCCESS_RATE,
        points=(4, 3, 2, 1),
        **_season(),  # type: ignore[arg-type]
    )
    assert [r.player_id for r in rows] == [3, 2, 5, 1, 4]
    assert rows[0].tally.success_rate == Fraction(9, 10)


def test_equal_points_and_rate_share_a_place() -> None:
    games = [LeagueGame(1, {1: 1, 2: 1, 3: 3, 4: 4})]
    figures = {1: Tally(8, 2), 2: Tally(8, 2), 3: Tally(8, 3), 4: Tally(8, 4)}
    rows = league_standings(
        attendance={p: [1] for p in figures},
        games=games,
        figures=figures,
        scoring=LeagueScoring.PLACEMENT_POINTS,
        points=(4, 3, 2, 1),
    )
    assert [(r.player_id, r.place, r.is_shared, r.points) for r in rows[:2]] == [
        (1, 1, True, Fraction(7, 2)),
        (2, 1, True, Fraction(7, 2)),
    ]
