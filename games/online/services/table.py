"""The heart of an online table: take the table's state, apply checked actions, let the
bots and the clock follow, store the result and hand back the frames of every new version.

A player's action is stored in one statement when this process holds the table's state at
the version acted on (it made that version): an ``UPDATE`` of the game row that applies only
while the row still has the version and seats version the state was taken at, so two
actions racing can never both apply, and an action that lost the race is decided again on
the locked row. Every other write, and an action whose state this process does not hold,
runs in ``transaction.atomic`` with ``select_for_update`` on the game row.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field
from django.utils import timezone

from engine import (
    SEATS,
    Game,
    IllegalActionError,
    ParseError,
    Seat,
    action_to_json,
    pack_action,
    pass_action,
    play_action,
)
from games.analysis import deal_analysis_enqueue
from games.online import replay
from games.online.bots import bot_decide
from games.online.errors import OnlineError
from games.online.frames import SeatInfo, Step, refresh_meta, seats_json, state_step
from games.online.models import OnlineGame, OnlineSeat, OnlineStatus
from games.online.services.scoring import deal_finished
from tournaments.models import Round
from tournaments.visibility import results_are_public

_REASON_CODES = {"turn": "not_your_turn", "phase": "illegal_action"}


@dataclass
class Change:
    """What one write did: the frames of each new version (oldest first) and, when only
    the seats or the clock changed, one frame of the current version (``steps`` too)."""

    game_id: int
    steps: list[Step] = field(default_factory=list)
    users: dict[str, int | None] = field(default_factory=dict)


class Overtaken(Exception):
    """The row changed since its state was taken (another process or write was first)."""


@dataclass
class Locked:
    """A game row with its seats and its engine state at ``row.version``: locked, or taken
    from this process's memory (then stored only over the versions it was taken at)."""

    row: OnlineGame
    seats: list[OnlineSeat]
    game: Game
    change: Change
    #: A held round's table: the public frame tells nothing of the results.
    held: bool = False
    #: The actions applied under this lock (``row.actions`` is not loaded: see finish).
    appended: list[dict[str, Any]] = field(default_factory=list)
    #: The deals finished meanwhile, recorded when the write is stored (see finish):
    #: (deal number, its record, the seats a bot played in it).
    deals: list[tuple[int, dict[str, Any], list[str]]] = field(default_factory=list)
    _seats_data: list[SeatInfo] | None = None
    #: (version, seats_version) of the row as taken: the write applies over these only.
    base: tuple[int, int] = field(init=False)

    def __post_init__(self) -> None:
        self.base = (self.row.version, self.row.seats_version)

    def seat(self, code: str) -> OnlineSeat:
        return next(seat for seat in self.seats if seat.seat == code)

    def seats_data(self) -> list[SeatInfo]:
        """The seats' part of a frame, built once (:func:`finish` rebuilds it when the
        seats may have changed)."""
        if self._seats_data is None:
            self._seats_data = seats_json(self.seats, self.row.bot_level)
        return self._seats_data


def is_held(row: OnlineGame) -> bool:
    """Whether the public may not see the game's results: a tournament table whose round's
    results are not public (:mod:`tournaments.visibility`: held back, or a draft)."""
    if row.table_id is None:
        return False
    round_ = Round.objects.filter(tables__pk=row.table_id).only("status", "released").first()
    return round_ is not None and not results_are_public(round_)


def game_lock(game_id: int) -> Locked:
    """Lock the row until the transaction ends; the engine state is taken from the cache.

    The stored actions are not read (a cache miss replays them from the database)."""
    try:
        row = OnlineGame.objects.select_for_update().defer("actions").get(pk=game_id)
    except OnlineGame.DoesNotExist as exc:
        raise OnlineError("forbidden") from exc
    seats = replay.seats_take(row)
    game = replay.game_take(row)
    return Locked(row, seats, game, Change(row.pk), held=is_held(row))


def untouched(locked: Locked) -> None:
    """Nothing changed: the row, state and seats taken for the write go back for the next."""
    row = locked.row
    replay.game_keep(row.pk, row.version, locked.game)
    replay.seats_keep(row.pk, row.seats_version, locked.seats)
    replay.row_keep(row)


def seat_of(seats: Sequence[OnlineSeat], user: Any) -> str | None:
    """The seat ``user`` sits at (None for a spectator): never taken from the client."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    for seat in seats:
        if seat.user_id == user.pk:
            return seat.seat
    return None


def parse_action(seat: str, data: object) -> int:
    """The engine action of a client's JSON action, for the server's ``seat``.

    A ``seat`` inside the client's object is ignored: the seat comes from the session."""
    if not isinstance(data, dict):
        raise OnlineError("malformed")
    kind = data.get("type")
    try:
        if kind == "play":
            card = data.get("card")
            if not isinstance(card, str):
                raise OnlineError("malformed")
            return play_action(card)
        if kind == "pass":
            cards = data.get("cards")
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise OnlineError("malformed")
            return pass_action(seat, cards)
        if kind == "pack":
            return pack_action(seat)
    except ParseError as exc:
        raise OnlineError("malformed") from exc
    raise OnlineError("malformed")


def _stored(action: int, seat: Seat) -> dict[str, Any]:
    data = action_to_json(action)
    data["seat"] = seat.code
    return data


def apply_action(locked: Locked, seat: Seat, action: int) -> None:
    """Apply one checked action of ``seat``, score a finished deal, record the new step."""
    row, game = locked.row, locked.game
    if game.is_over():
        raise OnlineError("game_over")
    deals_before = len(game.results)
    try:
        game.apply(action, int(seat))
    except IllegalActionError as exc:
        raise OnlineError(_REASON_CODES.get(exc.reason, "illegal_action")) from exc
    locked.appended.append(_stored(action, seat))
    row.version += 1
    if locked.seat(seat.code).bot_takeover and seat.code not in row.deal_takeovers:
        row.deal_takeovers = [*row.deal_takeovers, seat.code]
    if len(game.results) > deals_before:
        locked.deals.append((len(game.results), dict(game.records[-1]), row.deal_takeovers))
        row.deal_takeovers = []
    if game.is_over():
        row.status = OnlineStatus.FINISHED
    locked.change.steps.append(
        state_step(row, locked.seats, game, row.version, locked.seats_data(), held=locked.held)
    )


def _appended_sql(
    db: BaseDatabaseWrapper, column: str, items: list[dict[str, Any]]
) -> tuple[str, list[str]]:
    """``column`` (the stored actions) with ``items`` appended, in SQL: the stored list is
    not read or rewritten by Python (SQLite's ``json_insert`` at ``$[#]``, PostgreSQL's
    ``jsonb ||``)."""
    texts = [json.dumps(item, separators=(",", ":")) for item in items]
    if db.vendor == "postgresql":
        return f"({column} || %s::jsonb)", ["[" + ",".join(texts) + "]"]
    sql, params = column, []
    # At most 60 path/value pairs per call (SQLite allows 127 arguments to a function).
    for start in range(0, len(texts), 60):
        chunk = texts[start : start + 60]
        pairs = ", ".join(["'$[#]', json(%s)"] * len(chunk))
        sql = f"json_insert({sql}, {pairs})"
        params.extend(chunk)
    return sql, params


@functools.cache
def _column(vendor: str, name: str) -> tuple[Field[Any, Any], str]:
    """The game row's field ``name`` and its quoted column (for ``vendor``'s database),
    looked up once: each action writes the row."""
    field = OnlineGame._meta.get_field(name)
    assert isinstance(field, Field)
    return field, connections[DEFAULT_DB_ALIAS].ops.quote_name(str(field.column))


def _row_store(
    row: OnlineGame, base: tuple[int, int], values: dict[str, Any], appended: list[dict[str, Any]]
) -> int:
    """Write ``values`` and append ``appended`` to the game row in one ``UPDATE`` that
    applies only while the row has the ``base`` versions; the rows written (0 or 1).

    The statement is built here, not by a queryset: the ORM's filter and compiler cost a
    sixth of a WebSocket process's time, for a statement whose shape never changes. The
    connection is looked up once (``django.db.connection`` finds it again on every use)."""
    db = connections[DEFAULT_DB_ALIAS]
    vendor = db.vendor
    if vendor not in ("sqlite", "postgresql"):  # the whole list, rewritten
        version, seats_version = base
        stored = OnlineGame.objects.filter(pk=row.pk, version=version, seats_version=seats_version)
        extra = {"actions": [*row.actions, *appended]} if appended else {}
        return stored.update(**values, **extra)
    assignments, params = [], []
    for name, value in values.items():
        field, column = _column(vendor, name)
        assignments.append(f"{column} = %s")
        params.append(field.get_db_prep_save(value, db))
    if appended:
        column = _column(vendor, "actions")[1]
        sql, extra_params = _appended_sql(db, column, appended)
        assignments.append(f"{column} = {sql}")
        params.extend(extra_params)
    keys = ("id", "version", "seats_version")
    where = " AND ".join(f"{_column(vendor, name)[1]} = %s" for name in keys)
    table = db.ops.quote_name(OnlineGame._meta.db_table)
    statement = f"UPDATE {table} SET {', '.join(assignments)} WHERE {where}"
    with db.cursor() as cursor:
        cursor.execute(statement, [*params, row.pk, *base])
        return int(cursor.rowcount)


def _bot_to_move(locked: Locked) -> Seat | None:
    game = locked.game
    if game.is_over() or locked.row.status != OnlineStatus.RUNNING:
        return None
    deal = game.deal
    if deal.phase == "pass":
        # Bots commit their pass at once; the humans pass in their own time.
        for seat in SEATS:
            if locked.seat(seat.code).plays_by_bot and not deal.has_passed(seat):
                return seat
        return None
    turn = game.turn
    if turn is not None and locked.seat(turn.code).plays_by_bot:
        return turn
    return None


def bots_move(locked: Locked) -> None:
    """Bots (and bots playing for absent humans) move at once until a human is to move."""
    while (seat := _bot_to_move(locked)) is not None:
        action = bot_decide(locked.row.bot_level, locked.game.deal, seat)
        apply_action(locked, seat, action)


def clock_set(locked: Locked, *, now: dt.datetime | None = None) -> None:
    """Start the clock of the human to move; a disconnected one starts in the grace period."""
    row, game = locked.row, locked.game
    turn = game.turn
    now = now or timezone.now()
    if row.status != OnlineStatus.RUNNING or turn is None or row.waiting_for_director:
        row.deadline, row.in_grace = None, False
        return
    seat = locked.seat(turn.code)
    if seat.plays_by_bot:  # pragma: no cover - bots move before the clock is set
        row.deadline, row.in_grace = None, False
    elif seat.connected:
        row.deadline, row.in_grace = now + dt.timedelta(seconds=row.seconds_per_action), False
    else:
        row.deadline, row.in_grace = now + dt.timedelta(seconds=row.grace_seconds), True


def finish(locked: Locked, *, meta_changed: bool = False) -> Change:
    """Save the row in one ``UPDATE`` over the versions it was taken at (raises
    :class:`Overtaken` when it has moved on), record the deals finished, keep the new state
    for the next reader once committed, and return the change; a change of seats or clock
    alone yields one frame of the current version (``meta_changed`` also raises
    ``seats_version``: the seats may have changed)."""
    row, game = locked.row, locked.game
    if meta_changed:
        row.seats_version += 1
        locked._seats_data = None
    row.updated_at = timezone.now()
    fields = [
        "version",
        "seats_version",
        "status",
        "deadline",
        "in_grace",
        "waiting_for_director",
        "deal_takeovers",
        "updated_at",
    ]
    values: dict[str, Any] = {name: getattr(row, name) for name in fields}
    if not _row_store(row, locked.base, values, locked.appended):
        raise Overtaken
    for number, record, takeovers in locked.deals:
        deal_finished(row, number, record, takeovers=takeovers)
        # Analysed once, by the job, whether practice or scored (never in a request).
        deal_analysis_enqueue(record, game.ruleset)
    change = locked.change
    if locked.change.steps:
        last = change.steps[-1]
        change.steps[-1] = refresh_meta(last, row, locked.seats, game, locked.seats_data())
    elif meta_changed:
        change.steps.append(
            state_step(row, locked.seats, game, row.version, locked.seats_data(), held=locked.held)
        )
    change.users = {seat.seat: seat.user_id for seat in locked.seats}
    version, seats_version, seats = row.version, row.seats_version, locked.seats

    def keep() -> None:
        replay.game_keep(row.pk, version, game)
        replay.seats_keep(row.pk, seats_version, seats)
        replay.row_keep(row)

    transaction.on_commit(keep)
    return change


def online_act(*, game_id: int, user: Any, action: object, version: object) -> Change:
    """Apply the action of ``user``'s seat (found from the user, never from the client)
    acted on ``version``; then the bots move and the clock restarts.

    Over the state this process kept at ``version`` when it has it (one ``UPDATE``, see the
    module's note); else, or when the row moved on meanwhile, on the locked row."""
    kept = replay.state_take(game_id, version) if _is_version(version) else None
    if kept is not None:
        row, seats, game = kept
        locked = Locked(row, seats, game, Change(row.pk), held=is_held(row))
        _move(locked, user, action, version)
        bots_move(locked)
        clock_set(locked)
        try:
            if locked.deals and row.table_id is not None:
                with transaction.atomic():  # the deals' records and the row, or neither
                    return finish(locked)
            return finish(locked)
        except Overtaken:
            pass  # the taken state is dropped: the locked write rebuilds it
    return _act_locked(game_id=game_id, user=user, action=action, version=version)


def _is_version(version: object) -> TypeGuard[int]:
    return isinstance(version, int) and not isinstance(version, bool)


@transaction.atomic
def _act_locked(*, game_id: int, user: Any, action: object, version: object) -> Change:
    locked = game_lock(game_id)
    _move(locked, user, action, version)
    bots_move(locked)
    clock_set(locked)
    return finish(locked)


def _move(locked: Locked, user: Any, action: object, version: object) -> None:
    """Check and apply the player's own action; a refused one leaves the state untouched
    (and gives it back for the next write)."""
    row = locked.row
    waiting = row.waiting_for_director
    try:
        seat = seat_of(locked.seats, user)
        if seat is None:
            raise OnlineError("forbidden")
        if not _is_version(version):
            raise OnlineError("malformed")
        move = parse_action(seat, action)
        if row.status == OnlineStatus.FINISHED:
            raise OnlineError("game_over")
        if row.status == OnlineStatus.OPEN:
            raise OnlineError("paused")
        if version != row.version:
            raise OnlineError("stale_version")
        if waiting == seat:
            if not row.is_practice:
                raise OnlineError("paused")
            row.waiting_for_director = ""  # a paused practice player is back: play on
        apply_action(locked, Seat.parse(seat), move)
    except OnlineError:
        if not locked.change.steps:  # refused before any change: the state is untouched
            row.waiting_for_director = waiting
            untouched(locked)
        raise


@transaction.atomic
def online_state(*, game_id: int) -> Change:
    """The frames of the current version (a client's hello or a resync)."""
    row = OnlineGame.objects.get(pk=game_id)
    seats = replay.seats_peek(row)
    game = replay.game_peek(row)
    change = Change(row.pk, [state_step(row, seats, game, row.version, held=is_held(row))])
    change.users = {seat.seat: seat.user_id for seat in seats}
    return change
