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


def seats_figures(state: LedgerState) -> dict[str, SeatFigures]:
    """Every seat's figures, in one pass over the deals (a write's cost should not grow with
    the game times its seats): counted deals only, points summed where any were recorded."""
    outcomes: dict[str, list[str]] = {seat.seat: [] for seat in state.seats}
    points = dict.fromkeys(outcomes, 0)
    has_points: set[str] = set()
    incomplete: set[str] = set()
    for deal in state.counted_deals:
        recorded = dict(deal.points)
        for position in deal.players:
            outcomes[position].append("L" if position in deal.losers else "W")
            if position in recorded:
                has_points.add(position)
                points[position] += recorded[position]
            else:
                incomplete.add(position)
    return {
        seat.seat: SeatFigures(
            deals_played=seat.deals_played,
            deals_lost=seat.deals_lost,
            letters=seat.letter_count,
            penalty_letters=seat.penalty_letters,
            placka=seat.has_placka,
            penalty_points=points[seat.seat] if seat.seat in has_points else None,
            points_complete=seat.seat not in incomplete,
            outcomes="".join(outcomes[seat.seat]),
            left_order=seat.left_order,
            table_place=seat.place,
            table_place_shared=seat.place_shared,
            is_disqualified=seat.is_disqualified,
        )
        for seat in state.seats
    }


#: Where a write leaves the names of its game's players by seat (:func:`seat_names_read`).
_SEAT_NAMES = "_scwu_seat_names"


def seat_names_read(game: TableGame) -> dict[str, str] | None:
    """The players' names by seat that this request's write of ``game`` read with its seats
    (``None`` when it wrote none): the state it answers with names them without another
    query. Kept on the instance a write locked, which lives for that request only."""
    names: dict[str, str] | None = getattr(game, _SEAT_NAMES, None)
    return names


def seat_results_write(game: TableGame, loaded: GameEvents, state: LedgerState) -> list[SeatResult]:
    """Upsert one ``SeatResult`` per seat of ``game`` from ``state`` (one query to write).

    ``loaded`` is the event list the state was replayed from; it is taken so that every
    caller passes the pair it already holds (the figures come from ``state`` alone).
    """
    del loaded  # the state carries everything; the pair keeps one signature for callers
    # Plain values and ids: this runs in every deal write, where model instances for the
    # seats cost more than the query. The players' names come along for the write's answer.
    seats = list(
        TableSeat.objects.filter(table_id=game.table_id)
        .order_by()
        .values_list("pk", "position", "entry_id", "entry__player__nickname")
    )
    setattr(game, _SEAT_NAMES, {position: name for _pk, position, _entry, name in seats})
    figures = seats_figures(state)
    round_id = game.table.round_id
    rows = [
        SeatResult(
            game=game,
            seat_id=seat_id,
            entry_id=entry_id,
            round_id=round_id,
            game_finished=state.finished,
            **asdict(figures[position]),
        )
        for seat_id, position, entry_id, _name in seats
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
