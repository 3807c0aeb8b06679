"""A game's ledger kept between requests: its events, their rows and their state, by version.

A replay from the first event costs in proportion to the game, and every deal a line judge
records needs the state before it. So each write keeps the state it leaves in the cache,
under the game's version, and the next write plays its deal on from it
(:func:`engine.ledger.advance`) instead of replaying the game.

The version is the game row's: every write that changes an event takes a number from
``next_seq`` (``services.common.take_seq``), and the row is read under the game's lock, so a
kept value whose version is the row's holds exactly the game's events. Only a write keeps a
value, from what it read under that lock, and only once its transaction has committed (the
version of a write rolled back is taken again by the next one). Whoever finds no value for
the row's version (none kept yet, an older one, a cache that lost it or is down, or one kept
by a release with other code) reads the rows and replays, as every request once did; a
reader keeps nothing, since rows read without the lock may be newer than the row read first.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any, TypeVar

from django.core.cache import cache
from django.db import models, transaction
from django.db.models.base import ModelState

import engine.ledger
from engine import rules, table_rules
from engine.ledger import LedgerState
from games import adapter
from games.adapter import GameEvents, game_events
from games.models import DealEntry, MisdealEntry, Ruling, TableGame
from games.models import events as event_rows
from games.models import rulings as ruling_rows

#: Seconds a kept value lasts without a write: longer than a match day.
KEPT_SECONDS = 12 * 60 * 60

Row = TypeVar("Row", bound=models.Model)


def _code_digest() -> str:
    """A digest of the code a kept value depends on (the ledger, the rules it applies, the
    rows and how they become events), so that a release with other rules never reads the
    states an earlier one kept."""
    digest = hashlib.sha256()
    files = sorted(Path(engine.ledger.__file__).parent.glob("*.py"))
    modules = (rules, table_rules, adapter, event_rows, ruling_rows, sys.modules[__name__])
    files += [Path(str(module.__file__)) for module in modules]
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


CODE = _code_digest()


def ledger_version(game: TableGame) -> str:
    """What a kept value must match to be the game's: the game (a table's game started
    again is another) and the number of its next event, under this release's code."""
    return f"{game.pk}:{game.table_id}:{game.started_at.timestamp()}:{game.next_seq}:{CODE}"


def ledger_key(game: TableGame) -> str:
    """Where the game's kept value is: one entry per game, so a new version replaces the
    last and nothing old piles up; under this release's code, so a value another release
    kept is never even unpickled."""
    return f"ledger:{CODE}:{game.pk}"


def ledger_read(game: TableGame, *, locked: bool = False) -> tuple[GameEvents, LedgerState]:
    """The game's events and state: the kept ones when they are of the game's version, else
    the rows read and replayed. ``locked``: the caller holds the game's lock, so what it
    reads is that version (``GameEvents.version`` says so)."""
    version = ledger_version(game)
    kept = cache.get(ledger_key(game))
    if kept is not None and kept[0] == version:
        events, deals, rulings, misdeals, state = kept[1]
        loaded = GameEvents(
            game,
            state.settings,
            events,
            _unpacked(deals),
            _unpacked(rulings),
            _unpacked(misdeals),
            version,
        )
        return loaded, state
    loaded = game_events(game)
    if locked:
        loaded.version = version
    return loaded, loaded.replay()


def ledger_keep(game: TableGame, loaded: GameEvents, state: LedgerState) -> None:
    """Keep ``state``, the replay of ``loaded``, as the game's version once the caller's
    transaction commits. The caller holds the game's lock and has taken every number its
    write takes, so the version is the one the row will have."""
    version = ledger_version(game)
    loaded.version = version
    value: Any = (
        version,
        (
            list(loaded.events),
            _packed(DealEntry, loaded.deals),
            _packed(Ruling, loaded.rulings),
            _packed(MisdealEntry, loaded.misdeals),
            state,
        ),
    )
    key = ledger_key(game)
    transaction.on_commit(lambda: cache.set(key, value, KEPT_SECONDS))


#: Rows as kept: their model, database and fields' names, then each row's values. A model
#: instance pickles its whole ``__dict__`` and state and is looked up in the app registry
#: again when unpickled: for a long game's deals that cost more than the rest of the value.
Packed = tuple[type[Row], str, tuple[str, ...], list[tuple[Any, ...]]]


def _packed(model: type[Row], rows: list[Row]) -> Packed[Row]:
    """``rows`` (of ``model``) as plain values: their own fields only, not the objects they
    have met (a deal just written holds its game, table, round and tournament)."""
    names = tuple(field.attname for field in model._meta.concrete_fields)
    db = rows[0]._state.db if rows else "default"
    return model, db or "default", names, [tuple(row.__dict__[n] for n in names) for row in rows]


def _unpacked(packed: Packed[Row]) -> list[Row]:
    """The rows :func:`_packed` kept, as a read from ``db`` makes them (as unpickling a
    model instance does, without running ``__init__``)."""
    model, db, names, values = packed
    rows = []
    for row_values in values:
        row = model.__new__(model)
        row.__dict__.update(zip(names, row_values, strict=True))
        row._state = ModelState()
        row._state.adding = False
        row._state.db = db
        rows.append(row)
    return rows
