"""Rows to the pure standings inputs and back: placings, seat results, ranking rows."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from games.models.results import SeatResult
from tournaments.models import Placing, SeasonRankingRow
from tournaments.standings import GameRecord, SeasonRow, TournamentResult

_CENT = Decimal("0.01")


def fraction_from_decimal(value: Decimal | None) -> Fraction:
    """Stored points as an exact fraction (``None``, a non-scoring line, is 0)."""
    return Fraction(value) if value is not None else Fraction(0)


def decimal_from_fraction(value: Fraction) -> Decimal:
    """Exact points rounded half up to the two decimals the ranking rows keep."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        _CENT, rounding=ROUND_HALF_UP
    )


def tournament_results(placings: Iterable[Placing]) -> list[TournamentResult]:
    """Placings as season-ranking inputs; the club is the one the player entered for."""
    return [
        TournamentResult(
            tournament_id=p.tournament_id,
            player_id=p.player_id,
            place=p.place,
            points=fraction_from_decimal(p.points),
            club_id=p.club_id,
        )
        for p in placings
    ]


def game_records(seat_results: Iterable[SeatResult]) -> list[GameRecord]:
    """Seat results as records inputs: one game per seat, its deals in order.

    ``seat_results`` must be fetched with ``select_related("entry", "round")``.
    """
    return [
        GameRecord(
            tournament_id=r.round.tournament_id,
            round_number=r.round.number,
            player_id=r.entry.player_id,
            deals=tuple(outcome == "L" for outcome in r.outcomes),
            placka=r.placka,
        )
        for r in seat_results
    ]


def season_rows(rows: Iterable[SeasonRankingRow]) -> list[SeasonRow]:
    """Stored ranking rows back as the pure rows the qualification lists take."""
    return [
        SeasonRow(
            subject_id=(r.player_id if r.player_id is not None else r.club_id) or 0,
            place=r.place,
            is_shared=r.is_shared,
            points=fraction_from_decimal(r.points),
            tournaments=r.tournaments,
            wins=r.wins,
            best_result=fraction_from_decimal(r.best_result),
        )
        for r in rows
    ]
