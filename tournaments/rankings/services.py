"""Writes: rewrite a season's ranking rows from its placings (run by the worker)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from tournaments.models import (
    Placing,
    RankingKind,
    Season,
    SeasonRankingRow,
    TeamPlacing,
    TournamentStatus,
)
from tournaments.rankings.adapters import decimal_from_fraction, fraction_from_decimal
from tournaments.standings import (
    SeasonRow,
    TeamResult,
    TournamentResult,
    season_ranking_clubs,
    season_ranking_players,
)


@dataclass(frozen=True, slots=True)
class SeasonRankingCounts:
    """How many rows a recompute wrote."""

    players: int
    clubs: int


@dataclass(frozen=True, slots=True)
class SeasonResults:
    """A season's counted results with the names that order ties for display."""

    results: list[TournamentResult]
    player_names: dict[int, str]
    club_names: dict[int, str]
    #: The teams' results that earned team ranking points (they go to the teams' clubs).
    teams: list[TeamResult] = field(default_factory=list)


def season_results(season: Season) -> SeasonResults:
    """The results a season ranking counts: placed lines of the season's finished tournaments.

    A running tournament's placings are provisional (the final may still reorder them), and
    the ranking decides invitations, so only a tournament its director has finished counts.
    Substitutes and unclassified withdrawals have no place and are left out. Team placings
    with team ranking points (the category's team table) count for the teams' clubs.
    """
    rows = (
        Placing.objects.filter(
            tournament__season=season,
            tournament__status=TournamentStatus.FINISHED,
            place__isnull=False,
        )
        .order_by("tournament_id", "player_id")
        # Plain tuples: a season has thousands of placings and model instances cost.
        .values_list(
            "tournament_id",
            "player_id",
            "place",
            "points",
            "club_id",
            "player__nickname_key",
            "club__name",
        )
    )
    counted = SeasonResults(results=[], player_names={}, club_names={})
    for tournament_id, player_id, place, points, club_id, nickname_key, club_name in rows:
        counted.results.append(
            TournamentResult(
                tournament_id=tournament_id,
                player_id=player_id,
                place=place,
                points=fraction_from_decimal(points),
                club_id=club_id,
            )
        )
        counted.player_names[player_id] = nickname_key
        if club_id is not None:
            counted.club_names[club_id] = club_name
    teams = (
        TeamPlacing.objects.filter(
            tournament__season=season,
            tournament__status=TournamentStatus.FINISHED,
            points__isnull=False,
        )
        .order_by("tournament_id", "team_id")
        .values_list(
            "tournament_id", "team_id", "team__club_id", "place", "points", "team__club__name"
        )
    )
    for tournament_id, team_id, club_id, place, points, club_name in teams:
        counted.teams.append(
            TeamResult(
                tournament_id=tournament_id,
                team_id=team_id,
                club_id=club_id,
                place=place,
                points=fraction_from_decimal(points),
            )
        )
        counted.club_names[club_id] = club_name
    return counted


def _rows(
    season: Season, kind: RankingKind, ranking: tuple[SeasonRow, ...]
) -> list[SeasonRankingRow]:
    subject = "player_id" if kind == RankingKind.PLAYERS else "club_id"
    return [
        SeasonRankingRow(
            season=season,
            kind=kind,
            place=row.place,
            is_shared=row.is_shared,
            points=decimal_from_fraction(row.points),
            tournaments=row.tournaments,
            wins=row.wins,
            best_result=decimal_from_fraction(row.best_result),
            **{subject: row.subject_id},
        )
        for row in ranking
    ]


def season_rankings_compute(season_id: int) -> SeasonRankingCounts:
    """Rewrite the season's player and club rankings from its placings, as one change.

    Idempotent, and safe when two runs race: the season row is locked for the whole
    read-compute-write, so the second run waits and then rewrites the same rows from
    the placings as they are by then (never a mix of two runs).
    """
    with transaction.atomic():
        season = Season.objects.select_for_update(no_key=True).filter(pk=season_id).first()
        if season is None:
            return SeasonRankingCounts(players=0, clubs=0)
        counted = season_results(season)
        players = season_ranking_players(counted.results, names=counted.player_names)
        clubs = season_ranking_clubs(counted.results, teams=counted.teams, names=counted.club_names)
        SeasonRankingRow.objects.filter(season=season).delete()
        SeasonRankingRow.objects.bulk_create(
            _rows(season, RankingKind.PLAYERS, players) + _rows(season, RankingKind.CLUBS, clubs)
        )
    return SeasonRankingCounts(players=len(players), clubs=len(clubs))
