"""Where an online table's database work runs: off the event loop, in a thread."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from channels.db import DatabaseSyncToAsync
from django.conf import settings
from django.db import connection

T = TypeVar("T")
#: psycopg's own default when the pool's options give no size.
DEFAULT_POOL_SIZE = 4


def in_database_thread(function: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """``function`` run off the event loop, closing old connections around it.

    With a connection pool (PostgreSQL, ``DATABASE_POOL_SIZE``: the production WebSocket
    process), in any of as many threads as the pool has connections (:func:`_executor`): in
    Channels' one database thread every table of the process took turns, PostgreSQL round
    trips included, and 500 tables at a human pace queued seconds deep. Each call is one
    transaction with a connection of its own from the pool; two writes to one game still
    take turns on its row lock (``services.table.game_lock``). Without a pool (SQLite, the
    embedded default), in that one thread: SQLite refuses a second writer at once rather
    than waiting for the first.
    """
    pool = settings.DATABASES["default"].get("OPTIONS", {}).get("pool")
    if not pool:
        return DatabaseSyncToAsync(function, thread_sensitive=True)
    # psycopg's pool: at most max_size connections (min_size when it gives none).
    size = int(pool.get("max_size") or pool.get("min_size") or 0) if isinstance(pool, dict) else 0
    return DatabaseSyncToAsync(
        function, thread_sensitive=False, executor=_executor(size or DEFAULT_POOL_SIZE)
    )


@functools.cache
def _executor(size: int) -> ThreadPoolExecutor:
    """The threads of the database work: one per pooled connection. The event loop's
    default executor has the machine's cores + 4 (6 on two cores): with 8 connections,
    each action holding a thread while PostgreSQL commits, 500 tables queued for a thread
    hundreds of milliseconds while connections stood idle."""
    return ThreadPoolExecutor(max_workers=size, thread_name_prefix="online-db")


def pool_check() -> None:
    """Check the connections idle in this process's pool, replacing any that PostgreSQL
    closed (a restart): the pool does not check a connection as it hands it out (settings),
    so the heartbeat does it here, off the actions' path. Nothing without a pool."""
    pool = getattr(connection, "pool", None)
    if pool is not None:
        pool.check()
