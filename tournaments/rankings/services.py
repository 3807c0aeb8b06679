"""Writes: rewrite a season's ranking rows from its placings (run by the worker)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from tournaments.models import (
    Placing,
    RankingKind,
    Season,
    SeasonRankingRow,
    TournamentStatus,
)
from tournaments.rankings.adapters import decimal_from_fraction, tournament_results
from tournaments.standings import SeasonRow, season_ranking_clubs, season_ranking_players


@dataclass(frozen=True, slots=True)
class SeasonRankingCounts:
    """How many rows a recompute wrote."""

    players: int
    clubs: int


def season_placings(season: Season) -> list[Placing]:
    """The placings a season ranking counts: placed lines of the season's finished tournaments.

    A running tournament's placings are provisional (the final may still reorder them), and
    the ranking decides invitations, so only a tournament its director has finished counts.
    Substitutes and unclassified withdrawals have no place and are left out.
    """
    return list(
        Placing.objects.filter(
            tournament__season=season,
            tournament__status=TournamentStatus.FINISHED,
            place__isnull=False,
        )
        .select_related("player", "club")
        .order_by("tournament_id", "player_id")
    )


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
        season = Season.objects.select_for_update().filter(pk=season_id).first()
        if season is None:
            return SeasonRankingCounts(players=0, clubs=0)
        placings = season_placings(season)
        results = tournament_results(placings)
        player_names = {p.player_id: p.player.nickname_key for p in placings}
        club_names = {p.club.pk: p.club.name for p in placings if p.club is not None}
        players = season_ranking_players(results, names=player_names)
        clubs = season_ranking_clubs(results, names=club_names)
        SeasonRankingRow.objects.filter(season=season).delete()
        SeasonRankingRow.objects.bulk_create(
            _rows(season, RankingKind.PLAYERS, players) + _rows(season, RankingKind.CLUBS, clubs)
        )
    return SeasonRankingCounts(players=len(players), clubs=len(clubs))
