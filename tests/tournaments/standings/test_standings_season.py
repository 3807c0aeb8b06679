"""Season rankings of players and clubs, Player of the Year, qualification lists."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.standings import (
    MASTERS_SIZE,
    WORLD_SERIES_SIZE,
    InvalidEntrantsError,
    TournamentResult,
    masters_qualification,
    player_of_the_year,
    qualification_list,
    season_ranking_clubs,
    season_ranking_players,
    world_series_qualification,
)

VINOHRADY, ZIZKOV = 100, 200


def test_players_are_ranked_by_the_sum_of_their_ranking_points() -> None:
    results = [
        TournamentResult(1, player_id=1, place=1, points=100),
        TournamentResult(1, player_id=2, place=2, points=80),
        TournamentResult(2, player_id=2, place=1, points=100),
        TournamentResult(2, player_id=3, place=2, points=Fraction(145, 2)),
    ]
    rows = season_ranking_players(results)
    assert [(r.subject_id, r.place, r.points, r.tournaments, r.wins) for r in rows] == [
        (2, 1, 180, 2, 1),
        (1, 2, 100, 1, 1),
        (3, 3, Fraction(145, 2), 1, 0),
    ]


def test_level_points_are_broken_by_more_tournaments_won() -> None:
    results = [
        TournamentResult(1, player_id=1, place=2, points=80),
        TournamentResult(2, player_id=1, place=2, points=80),
        TournamentResult(3, player_id=2, place=1, points=100),
        TournamentResult(4, player_id=2, place=5, points=60),
    ]
    assert [r.subject_id for r in season_ranking_players(results)] == [2, 1]


def test_level_points_and_wins_are_broken_by_the_best_single_result() -> None:
    results = [
        TournamentResult(1, player_id=1, place=3, points=60),
        TournamentResult(2, player_id=1, place=3, points=60),
        TournamentResult(3, player_id=2, place=2, points=80),
        TournamentResult(4, player_id=2, place=9, points=40),
    ]
    rows = season_ranking_players(results)
    assert [(r.subject_id, r.best_result) for r in rows] == [(2, 80), (1, 60)]


def test_fully_level_players_share_the_place_and_player_of_the_year() -> None:
    results = [
        TournamentResult(1, player_id=1, place=1, points=100),
        TournamentResult(2, player_id=2, place=1, points=100),
        TournamentResult(2, player_id=3, place=2, points=80),
    ]
    rows = season_ranking_players(results, names={1: "ZED", 2: "ABE"})
    assert [(r.subject_id, r.place, r.is_shared) for r in rows] == [
        (2, 1, True),
        (1, 1, True),
        (3, 3, False),
    ]
    assert player_of_the_year(rows) == (2, 1)


def test_player_of_the_year_is_the_top_of_the_season_ranking() -> None:
    results = [
        TournamentResult(1, player_id=5, place=1, points=100),
        TournamentResult(1, player_id=6, place=2, points=80),
    ]
    assert player_of_the_year(season_ranking_players(results)) == (5,)


def test_club_points_follow_the_club_at_the_time_of_each_result() -> None:
    # Player 1 moves from Vinohrady to Zizkov after tournament 1.
    results = [
        TournamentResult(1, player_id=1, place=1, points=100, club_id=VINOHRADY),
        TournamentResult(1, player_id=2, place=3, points=60, club_id=ZIZKOV),
        TournamentResult(2, player_id=1, place=2, points=80, club_id=ZIZKOV),
        TournamentResult(2, player_id=3, place=1, points=100, club_id=VINOHRADY),
        TournamentResult(3, player_id=4, place=1, points=50, club_id=None),  # clubless
    ]
    rows = season_ranking_clubs(results)
    assert [(r.subject_id, r.points, r.wins, r.tournaments, r.best_result) for r in rows] == [
        (VINOHRADY, 200, 2, 2, 100),
        (ZIZKOV, 140, 0, 2, 80),
    ]
    # The player ranking is unaffected by the move.
    players = season_ranking_players(results)
    assert players[0].subject_id == 1 and players[0].points == 180


def test_two_results_of_one_player_in_one_tournament_are_refused() -> None:
    results = [TournamentResult(1, 1, 1, 100), TournamentResult(1, 1, 2, 80)]
    with pytest.raises(InvalidEntrantsError, match="two results in tournament 1"):
        season_ranking_players(results)


def _season(points: list[int]) -> list[TournamentResult]:
    return [TournamentResult(p, player_id=p, place=2, points=v) for p, v in enumerate(points, 1)]


def test_the_masters_invites_the_top_ten() -> None:
    ranking = season_ranking_players(_season([100 - i for i in range(15)]))
    masters = masters_qualification(ranking)
    assert MASTERS_SIZE == 10
    assert masters.is_resolved and masters.qualified == tuple(range(1, 11))


def test_a_tie_at_the_masters_boundary_is_flagged() -> None:
    points = [100 - i for i in range(8)] + [50, 50, 50, 40]  # players 9-11 tie at 9th
    masters = masters_qualification(season_ranking_players(_season(points)))
    assert masters.qualified == tuple(range(1, 9))
    assert masters.tie is not None
    assert masters.tie.player_ids == (9, 10, 11)
    assert masters.tie.spots == 2
    assert masters.tie.place == 9


def test_a_tie_just_inside_the_boundary_is_not_flagged() -> None:
    points = [100 - i for i in range(8)] + [50, 50, 40]
    masters = masters_qualification(season_ranking_players(_season(points)))
    assert masters.is_resolved and masters.qualified == tuple(range(1, 11))


def test_the_world_series_invites_the_top_thirty_with_the_boundary_flagged() -> None:
    assert WORLD_SERIES_SIZE == 30
    points = [200 - i for i in range(29)] + [10, 10, 5]
    ws = world_series_qualification(season_ranking_players(_season(points)))
    assert len(ws.qualified) == 29
    assert ws.tie is not None and ws.tie.player_ids == (30, 31) and ws.tie.spots == 1


def test_a_short_ranking_qualifies_everybody() -> None:
    ranking = season_ranking_players(_season([10, 5]))
    assert qualification_list(ranking, size=10).qualified == (1, 2)
