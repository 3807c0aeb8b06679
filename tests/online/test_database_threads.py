"""Where an online table's database work runs: side by side with a connection pool (the
production WebSocket process on PostgreSQL), in Channels' one thread without (SQLite)."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable

import pytest
from django.conf import settings

from games.online.database import in_database_thread

Span = tuple[int, float, float]


async def _two_tables(work: Callable[[], Span]) -> list[Span]:
    return list(await asyncio.gather(in_database_thread(work)(), in_database_thread(work)()))


def test_with_a_pool_two_tables_wait_on_the_database_side_by_side(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options = settings.DATABASES["default"].setdefault("OPTIONS", {})
    monkeypatch.setitem(options, "pool", {"max_size": 8})
    both_waiting = threading.Barrier(2)

    def work() -> Span:
        started = time.monotonic()
        both_waiting.wait(timeout=10)  # passes only while the other table's work runs too
        return threading.get_ident(), started, time.monotonic()

    spans = asyncio.run(_two_tables(work))
    assert len({thread for thread, _start, _end in spans}) == 2


def test_as_many_tables_as_the_pool_has_connections_wait_side_by_side(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """More than the event loop's default executor holds (the machine's cores + 4): each
    pooled connection has a thread to wait on PostgreSQL in."""
    size = (os.cpu_count() or 1) + 5
    options = settings.DATABASES["default"].setdefault("OPTIONS", {})
    monkeypatch.setitem(options, "pool", {"min_size": 2, "max_size": size})
    all_waiting = threading.Barrier(size)

    def work() -> Span:
        started = time.monotonic()
        all_waiting.wait(timeout=10)  # passes only while every other table's work runs too
        return threading.get_ident(), started, time.monotonic()

    async def tables() -> list[Span]:
        return list(await asyncio.gather(*(in_database_thread(work)() for _ in range(size))))

    assert len({thread for thread, _start, _end in asyncio.run(tables())}) == size


def test_without_a_pool_they_take_turns_in_one_thread() -> None:
    assert "pool" not in settings.DATABASES["default"].get("OPTIONS", {})

    def work() -> Span:
        started = time.monotonic()
        time.sleep(0.05)
        return threading.get_ident(), started, time.monotonic()

    (first_thread, _, first_end), (second_thread, second_start, _) = sorted(
        asyncio.run(_two_tables(work)), key=lambda span: span[1]
    )
    assert first_thread == second_thread
    assert second_start >= first_end
