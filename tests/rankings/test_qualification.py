"""Masters (top ten) and World Series (top thirty) lists, with a tie across the boundary."""

from __future__ import annotations

from decimal import Decimal

from scwu.models import Player
from tests.factories import PlayerFactory, SeasonFactory
from tests.rankings.factories import FinishedTournamentFactory, PlacingFactory
from tournaments.models import Season
from tournaments.rankings import selectors
from tournaments.rankings.services import season_rankings_compute


def _season_with_points(points: list[int]) -> tuple[Season, list[Player]]:
    """One finished tournament per player (so nobody's win breaks a points tie)."""
    season = SeasonFactory(year=2026)
    players = []
    for n, value in enumerate(points, start=1):
        player = PlayerFactory(nickname=f"P{n:02d}")
        PlacingFactory(
            tournament=FinishedTournamentFactory(season=season),
            player=player,
            place=2,
            points=Decimal(value),
        )
        players.append(player)
    season_rankings_compute(season.pk)
    return season, players


def test_masters_flags_a_tie_across_the_tenth_place(db: None) -> None:
    # Eight clear, three tied at 9th for the last two spots, one behind.
    season, players = _season_with_points([100, 95, 90, 85, 80, 75, 70, 65, 50, 50, 50, 10])

    masters = selectors.season_qualification(season).masters

    assert [r.player for r in masters.qualified] == players[:8]
    assert {r.player for r in masters.tied} == set(players[8:11])
    assert masters.spots == 2
    assert {r.place for r in masters.tied} == {9}


def test_world_series_takes_thirty_and_flags_a_tie_at_thirty(db: None) -> None:
    season, players = _season_with_points([200 - n for n in range(29)] + [100, 100, 50])

    qualification = selectors.season_qualification(season)

    assert [r.player for r in qualification.world_series.qualified] == players[:29]
    assert {r.player for r in qualification.world_series.tied} == set(players[29:31])
    assert qualification.world_series.spots == 1
    # The Masters boundary is clear in the same ranking.
    assert [r.player for r in qualification.masters.qualified] == players[:10]
    assert qualification.masters.tied == ()


def test_ranking_lines_mark_each_players_qualification(db: None) -> None:
    season, players = _season_with_points([100, 95, 90, 85, 80, 75, 70, 65, 50, 50, 50, 10])
    ranking = selectors.season_ranking(season, "players")

    lines = selectors.ranking_lines(ranking, selectors.season_qualification(season, ranking))

    status = {line.row.player: (line.masters, line.world_series) for line in lines}
    assert status[players[0]] == ("in", "in")
    assert status[players[9]] == ("tie", "in")
    assert status[players[11]] == ("", "in")


def test_a_short_season_qualifies_everybody(db: None) -> None:
    season, players = _season_with_points([30, 20, 10])

    qualification = selectors.season_qualification(season)

    assert [r.player for r in qualification.masters.qualified] == players
    assert qualification.masters.tied == ()
