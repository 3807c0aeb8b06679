"""Clocks and absence: the grace period, a bot for an absent human, the director's call.

A human to move who runs out of time, or disconnects, gets ``grace_seconds`` more; then a
practice game pauses (``waiting_for_director`` names the seat; no bot takes it) until that
player is back: connecting again or simply playing resumes it at once. A tournament table
waits for the director, who lets the bot play or keeps waiting (a fresh clock). A returning
human takes the seat back from a bot. Every step shows in the state frame (``clock`` and
``seats``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Field, Q
from django.db.models.functions import Greatest
from django.utils import timezone

from games import permissions
from games.online.errors import OnlineError
from games.online.models import OnlineSeat, OnlineStatus
from games.online.services.table import (
    Change,
    Locked,
    bots_move,
    clock_set,
    finish,
    game_lock,
    seat_of,
    untouched,
)

#: Pairs per statement of the presence refresh: two parameters each, within SQLite's 999.
PRESENCE_CHUNK = 400


@transaction.atomic
def online_clock_expire(*, game_id: int, now: dt.datetime | None = None) -> Change | None:
    """Act on a deadline that has passed (None when it had not, or was already handled)."""
    now = now or timezone.now()
    locked = game_lock(game_id)
    row, game = locked.row, locked.game
    turn = game.turn
    if row.status != OnlineStatus.RUNNING or row.deadline is None or row.deadline > now:
        _untouched(locked)
        return None
    if turn is None:  # pragma: no cover - a running game always has a seat to move
        _untouched(locked)
        return None
    if not row.in_grace:
        row.in_grace = True
        row.deadline = now + dt.timedelta(seconds=row.grace_seconds)
        return finish(locked, meta_changed=True)
    # Practice: the game pauses for its player; tournament: the director decides.
    row.waiting_for_director = turn.code
    row.deadline, row.in_grace = None, False
    return finish(locked, meta_changed=True)


def _untouched(locked: Locked) -> None:
    # Nothing changed: the state taken for the write goes back for the next reader.
    untouched(locked)


@transaction.atomic
def online_director_decide(*, by: Any, game_id: int, allow_bot: bool) -> Change:
    """The director's call on a seat whose grace ran out: a bot plays, or wait again."""
    locked = game_lock(game_id)
    row = locked.row
    if row.table is None or not permissions.can_referee(by, row.table):  # practice included
        _untouched(locked)
        raise OnlineError("forbidden")
    waiting = row.waiting_for_director
    if not waiting:
        _untouched(locked)
        raise OnlineError("illegal_action")
    row.waiting_for_director = ""
    if allow_bot:
        seat = locked.seat(waiting)
        seat.bot_takeover = True
        seat.save(update_fields=["bot_takeover"])
        bots_move(locked)
    clock_set(locked)
    return finish(locked, meta_changed=True)


@transaction.atomic
def online_presence(*, game_id: int, user: Any, connected: bool) -> Change | None:
    """A seated user's connection opened or closed (spectators change nothing).

    Leaving while to move starts the grace period at once; coming back ends it and takes
    the seat back from a bot."""
    locked = game_lock(game_id)
    code = seat_of(locked.seats, user)
    if code is None:
        _untouched(locked)
        return None
    seat = locked.seat(code)
    # Counted in the database, not in the cached seat: two tabs of one seat are two
    # connections, and closing one leaves the seat connected.
    counted = OnlineSeat.objects.filter(pk=seat.pk)
    if connected:
        counted.update(connections=F("connections") + 1, seen_at=timezone.now())
    else:
        counted.update(connections=Greatest(F("connections") - 1, 0))
    still = OnlineSeat.objects.values_list("connections", flat=True).get(pk=seat.pk) > 0
    if not _connected_set(locked, code, still, returning=connected):
        _untouched(locked)
        return None
    return finish(locked, meta_changed=True)


def _connected_set(locked: Locked, code: str, connected: bool, *, returning: bool) -> bool:
    """Show seat ``code`` as ``connected`` (or not) and follow with the clock; False when
    nothing changed. A ``returning`` player also takes the seat back from a bot."""
    row, game = locked.row, locked.game
    seat = locked.seat(code)
    if connected == seat.connected and not (returning and seat.bot_takeover):
        return False
    seat.connected = connected
    fields = ["connected"]
    to_move = game.turn is not None and game.turn.code == code
    if connected and seat.bot_takeover:
        seat.bot_takeover = False
        fields.append("bot_takeover")
    seat.save(update_fields=fields)
    if row.status == OnlineStatus.RUNNING and to_move:
        if row.waiting_for_director == code and connected:
            row.waiting_for_director = ""
        if connected or not row.in_grace:
            clock_set(locked)
    return True


def online_presence_refresh(*, held: Iterable[tuple[int, int]], now: dt.datetime) -> int:
    """A process's heartbeat: it still holds connections of these (game, user) pairs, so
    their seats are seen ``now``. No lock: only the sweep reads ``seen_at``.

    The pairs go in as a list of row values, not as one query condition each: building 500
    conditions every beat held the process (and its event loop) for the query builder."""
    pairs = list(held)
    quote = connection.ops.quote_name
    game, user, connections, seen_at = (
        _seat_field(name) for name in ("game", "user", "connections", "seen_at")
    )
    prefix = (
        f"UPDATE {quote(OnlineSeat._meta.db_table)} SET {quote(seen_at.column)} = %s"
        f" WHERE {quote(connections.column)} > 0"
        f" AND ({quote(game.column)}, {quote(user.column)}) IN (VALUES "
    )
    now_db = seen_at.get_db_prep_save(now, connection)
    updated = 0
    with connection.cursor() as cursor:
        for start in range(0, len(pairs), PRESENCE_CHUNK):
            chunk = pairs[start : start + PRESENCE_CHUNK]
            cursor.execute(
                prefix + ", ".join(["(%s, %s)"] * len(chunk)) + ")",
                [now_db, *(number for pair in chunk for number in pair)],
            )
            updated += cursor.rowcount
    return updated


def _seat_field(name: str) -> Field[Any, Any]:
    field = OnlineSeat._meta.get_field(name)
    assert isinstance(field, Field)
    return field


@transaction.atomic
def online_presence_expire(*, game_id: int, before: dt.datetime) -> Change | None:
    """The seats of a game that no live process has vouched for since ``before`` (their
    process died without closing them) are disconnected, as if each had closed."""
    locked = game_lock(game_id)
    stale = OnlineSeat.objects.filter(game_id=game_id, connections__gt=0).filter(
        Q(seen_at__lt=before) | Q(seen_at__isnull=True)
    )
    codes = sorted(stale.values_list("seat", flat=True))
    if not codes:
        _untouched(locked)
        return None
    stale.update(connections=0)
    changed = [code for code in codes if _connected_set(locked, code, False, returning=False)]
    if not changed:
        _untouched(locked)
        return None
    return finish(locked, meta_changed=True)
