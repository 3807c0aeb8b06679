"""Where an online table's database work runs: side by side with a connection pool (the
production WebSocket process on PostgreSQL), in Channels' one thread without (SQLite)."""

from __future__ import annotations

import asyncio
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
