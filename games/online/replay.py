"""The engine state of an online game: always the replay of its seed and actions.

The seats of a game are kept the same way, keyed by ``(game id, seats_version)``, and so is
the game's row as the last write of this process left it (its columns but the actions), so a
player's next action can be stored without reading the row first (``services.table``).

Replaying on every frame would cost a whole game's actions each time, so the replayed
:class:`engine.game.Game` is kept in process memory keyed by ``(game id, version)``. The
database stays the truth: a key that is missing (another process, a restart) is rebuilt.
A writer *takes* the entry (removing it), so a half-applied state that is rolled back can
never be served; it *keeps* the result under the new version only after it succeeded.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from engine import Game, Ruleset, Seat
from games.online.models import OnlineGame, OnlineSeat

_LIMIT = 4096
_cache: OrderedDict[tuple[int, int], Game] = OrderedDict()
_lock = threading.Lock()
_seats: OrderedDict[tuple[int, int], list[OnlineSeat]] = OrderedDict()
_rows: OrderedDict[int, OnlineGame] = OrderedDict()


def game_replay(row: OnlineGame) -> Game:
    """A fresh replay of the stored row (checked by the engine, action by action)."""
    # Stored actions carry their seat (a play's seat is implied by the turn).
    actions: list[dict[str, Any]] = row.actions
    return Game.replay(
        row.word_letters,
        seed=row.seed,
        actions=actions,
        ruleset=Ruleset.from_json(row.ruleset),
        first_dealer=Seat.A,
    )


def game_take(row: OnlineGame) -> Game:
    """The state at ``row.version`` for a writer to mutate (no one else will see it)."""
    with _lock:
        game = _cache.pop((row.pk, row.version), None)
    return game if game is not None else game_replay(row)


def game_peek(row: OnlineGame) -> Game:
    """The state at ``row.version`` for reading only (cached for the next reader)."""
    key = (row.pk, row.version)
    with _lock:
        game = _cache.get(key)
        if game is not None:
            _cache.move_to_end(key)
            return game
    game = game_replay(row)
    game_keep(row.pk, row.version, game)
    return game


def game_keep(game_id: int, version: int, game: Game) -> None:
    """Remember the state of ``game_id`` at ``version``; writers call it on commit only."""
    with _lock:
        _cache[(game_id, version)] = game
        _cache.move_to_end((game_id, version))
        while len(_cache) > _LIMIT:
            _cache.popitem(last=False)


def _seats_load(row: OnlineGame) -> list[OnlineSeat]:
    return list(OnlineSeat.objects.filter(game=row).select_related("user__player"))


def seats_take(row: OnlineGame) -> list[OnlineSeat]:
    """The seats at ``row.seats_version`` for a writer (who may change them; a writer that
    does raises ``seats_version``). Read from the database when this process has none."""
    with _lock:
        seats = _seats.pop((row.pk, row.seats_version), None)
    return seats if seats is not None else _seats_load(row)


def seats_peek(row: OnlineGame) -> list[OnlineSeat]:
    """The seats at ``row.seats_version`` for reading only (cached for the next reader)."""
    key = (row.pk, row.seats_version)
    with _lock:
        seats = _seats.get(key)
        if seats is not None:
            _seats.move_to_end(key)
            return seats
    seats = _seats_load(row)
    seats_keep(row.pk, row.seats_version, seats)
    return seats


def seats_keep(game_id: int, seats_version: int, seats: list[OnlineSeat]) -> None:
    """Remember the seats of ``game_id`` at ``seats_version``; writers call it on commit."""
    with _lock:
        _seats[(game_id, seats_version)] = seats
        _seats.move_to_end((game_id, seats_version))
        while len(_seats) > _LIMIT:
            _seats.popitem(last=False)


def row_keep(row: OnlineGame) -> None:
    """Remember the row as a write of this process left it (newer versions only: two
    writes' commits may keep theirs in either order)."""
    with _lock:
        kept = _rows.get(row.pk)
        if kept is not None and (
            kept.version > row.version or kept.seats_version > row.seats_version
        ):
            return
        _rows[row.pk] = row
        _rows.move_to_end(row.pk)
        while len(_rows) > _LIMIT:
            _rows.popitem(last=False)


def state_take(game_id: int, version: int) -> tuple[OnlineGame, list[OnlineSeat], Game] | None:
    """The row, seats and state this process keeps of the game at ``version``, for a writer
    (taken out, as :func:`game_take`); None when any of them is missing. The row may have
    moved on in the database since: the writer stores only over the versions taken."""
    with _lock:
        row = _rows.get(game_id)
        if row is None or row.version != version:
            return None
        game_key, seats_key = (game_id, version), (game_id, row.seats_version)
        if game_key not in _cache or seats_key not in _seats:
            return None
        del _rows[game_id]
        return row, _seats.pop(seats_key), _cache.pop(game_key)


def cache_clear() -> None:
    """Forget every cached state (tests: prove the database alone rebuilds the game)."""
    with _lock:
        _cache.clear()
        _seats.clear()
        _rows.clear()
