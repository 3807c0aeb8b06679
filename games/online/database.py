"""Where an online table's database work runs: off the event loop, in a thread."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from channels.db import DatabaseSyncToAsync
from django.conf import settings
from django.db import connection

T = TypeVar("T")


def in_database_thread(function: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """``function`` run off the event loop, closing old connections around it.

    With a connection pool (PostgreSQL, ``DATABASE_POOL_SIZE``: the production WebSocket
    process), in any thread of the executor: in Channels' one database thread every table
    of the process took turns, PostgreSQL round trips included, and 500 tables at a human
    pace queued seconds deep. Each call is one transaction with a connection of its own
    from the pool; two writes to one game still take turns on its row lock
    (``services.table.game_lock``). Without a pool (SQLite, the embedded default), in that
    one thread: SQLite refuses a second writer at once rather than waiting for the first.
    """
    pooled = bool(settings.DATABASES["default"].get("OPTIONS", {}).get("pool"))
    return DatabaseSyncToAsync(function, thread_sensitive=not pooled)


def pool_check() -> None:
    """Check the connections idle in this process's pool, replacing any that PostgreSQL
    closed (a restart): the pool does not check a connection as it hands it out (settings),
    so the heartbeat does it here, off the actions' path. Nothing without a pool."""
    pool = getattr(connection, "pool", None)
    if pool is not None:
        pool.check()
