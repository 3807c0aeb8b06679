"""Timing of whole schedules per field size: ``python -m tournaments.pairing bench``.

For every field from 8 to 128 players (or those given): the schedule at the
number of repeat-free rounds the shipped designs reach, the repeat-free
rounds it really has, the known maximum for tables of four (the social
golfer problem; see ``tests/tournaments/pairing/test_schedule_catalogue.py``
for the sources), the counting bound and the seconds taken.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from .schedule import best_rounds, repeat_free_bound, schedule_make

#: the known maximum number of repeat-free rounds at tables of four (social golfer problem)
KNOWN_MAXIMA: dict[int, int] = {8: 1, 12: 1, 16: 5, 20: 5} | {
    v: (v - 1) // 3 for v in range(24, 129, 4)
}


def bench_main(players: Sequence[int] | None = None) -> int:
    """Print, per field: rounds asked, repeat-free rounds reached, known, bound, seconds."""
    fields = list(players) if players else list(range(8, 129))
    print(f"{'N':>5} {'rounds':>6} {'free':>5} {'known':>5} {'bound':>5} {'seconds':>8}  how")
    for n in fields:
        rounds = best_rounds(n)
        start = time.perf_counter()
        schedule = schedule_make(n, rounds)
        seconds = time.perf_counter() - start
        free = schedule.report().repeat_free_rounds
        known = KNOWN_MAXIMA.get(n, "?")
        print(
            f"{n:>5} {rounds:>6} {free:>5} {known!s:>5} {repeat_free_bound(n):>5} "
            f"{seconds:>8.3f}  {schedule.construction}"
        )
    return 0
