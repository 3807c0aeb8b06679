"""Timing of whole schedules per field size: ``python -m tournaments.pairing bench``."""

from __future__ import annotations

import time
from collections.abc import Sequence

from .schedule import repeat_free_bound, schedule_make

#: the known maximum number of repeat-free rounds (social golfer problem)
KNOWN_MAXIMA: dict[int, int] = {
    16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 11, 40: 13, 44: 14, 64: 21, 128: 42,
}  # fmt: skip


def bench_main(players: Sequence[int] | None = None) -> int:
    """Print, per field: rounds asked, repeat-free rounds reached, bound, seconds."""
    fields = list(players) if players else sorted(KNOWN_MAXIMA)
    print(f"{'N':>5} {'rounds':>6} {'free':>5} {'known':>5} {'bound':>5} {'seconds':>8}  how")
    for n in fields:
        rounds = KNOWN_MAXIMA.get(n, repeat_free_bound(n))
        start = time.perf_counter()
        schedule = schedule_make(n, max(1, rounds))
        seconds = time.perf_counter() - start
        free = schedule.report().repeat_free_rounds
        known = KNOWN_MAXIMA.get(n, "?")
        print(
            f"{n:>5} {rounds:>6} {free:>5} {known!s:>5} {repeat_free_bound(n):>5} "
            f"{seconds:>8.3f}  {schedule.construction}"
        )
    return 0
