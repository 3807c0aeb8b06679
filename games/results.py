"""Per-seat results of a game (``SeatResult``), written from the replayed ledger state.

The standings read one row per player and round instead of replaying every game on
every request. ``seat_results_write`` runs inside every scorekeeping write (from
``write_done``), so the rows always match the events in the same transaction.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.db import transaction

from engine.ledger import LedgerState
from games.adapter import GameEvents, game_events
from games.models import TableGame
from games.models.results import SeatResult
from tournaments.models import TableSeat

_UPDATED = [
    "game",
    "entry",
    "round",
    "deals_played",
    "deals_lost",
    "letters",
    "penalty_letters",
    "placka",
    "penalty_points",
    "points_complete",
    "outcomes",
    "left_order",
    "table_place",
    "table_place_shared",
    "is_disqualified",
    "game_finished",
    "updated_at",
]


@dataclass(frozen=True)
class SeatFigures:
    """What the standings need of one seat, read off a replayed state."""

    deals_played: int
    deals_lost: int
    letters: int
    penalty_letters: int
    placka: bool
    penalty_points: int | None
    points_complete: bool
    outcomes: str
    left_order: int | None
    table_place: int | None
    table_place_shared: bool
    is_disqualified: bool


def seat_figures(state: LedgerState, position: str) -> SeatFigures:
    """One seat's figures: counted deals only, points summed where any were recorded."""
    seat = state.seat(position)
    outcomes: list[str] = []
    points = 0
    has_points = False
    complete = True
    for deal in state.counted_deals:
        if position not in deal.players:
            continue
        outcomes.append("L" if position in deal.losers else "W")
        recorded = deal.points_by_seat
        if position in recorded:
            has_points = True
            points += recorded[position]
        else:
            complete = False
    return SeatFigures(
        deals_played=seat.deals_played,
        deals_lost=seat.deals_lost,
        letters=seat.letter_count,
        penalty_letters=seat.penalty_letters,
        placka=seat.has_placka,
        penalty_points=points if has_points else None,
        points_complete=complete,
        outcomes="".join(outcomes),
        left_order=seat.left_order,
        table_place=seat.place,
        table_place_shared=seat.place_shared,
        is_disqualified=seat.is_disqualified,
    )


def seat_results_write(game: TableGame, loaded: GameEvents, state: LedgerState) -> list[SeatResult]:
    """Upsert one ``SeatResult`` per seat of ``game`` from ``state`` (one query to write).

    ``loaded`` is the event list the state was replayed from; it is taken so that every
    caller passes the pair it already holds (the figures come from ``state`` alone).
    """
    del loaded  # the state carries everything; the pair keeps one signature for callers
    # Plain values and ids: this runs in every deal write, where model instances for the
    # seats cost more than the query.
    seats = TableSeat.objects.filter(table_id=game.table_id).order_by()
    round_id = game.table.round_id
    rows = [
        SeatResult(
            game=game,
            seat_id=seat_id,
            entry_id=entry_id,
            round_id=round_id,
            game_finished=state.finished,
            **asdict(seat_figures(state, position)),
        )
        for seat_id, position, entry_id in seats.values_list("pk", "position", "entry_id")
    ]
    if rows:
        SeatResult.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=["seat"], update_fields=_UPDATED
        )
    return rows


def seat_results_rebuild(*, game_ids: list[int] | None = None) -> int:
    """Rewrite the ``SeatResult`` rows of every game (or of ``game_ids``) from its events.

    For games scored before the rows existed, or after a bulk import. Returns the number
    of games rebuilt; each game is rebuilt in its own transaction under the game's lock.
    """
    games = TableGame.objects.order_by("pk")
    if game_ids is not None:
        games = games.filter(pk__in=game_ids)
    count = 0
    for game_id in games.values_list("pk", flat=True):
        with transaction.atomic():
            game = (
                TableGame.objects.select_for_update(no_key=True)
                .select_related("table")
                .get(pk=game_id)
            )
            loaded = game_events(game)
            seat_results_write(game, loaded, loaded.replay())
        count += 1
    return count
