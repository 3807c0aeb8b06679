"""Time of one rating update: ``python -m tools.bench.rating [--games N]``.

Prints the mean and the 99th percentile of :func:`rating.skill.update` for a
game of four, five and six players.  The update costs one OpenSkill match per
lost deal, so each size is timed twice: a game of random length to five
letters, and the longest such game (every seat four letters, one seat a fifth).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence

from tournaments.rating.skill import SeatFigures, Skill, update

#: deals lost that end a game (the word's letters)
WORD = 5


def game(seats: int, rng: random.Random, longest: bool) -> list[SeatFigures]:
    """Seats of a game to :data:`WORD` letters, one loser per deal."""
    lost = [WORD - 1] * seats if longest else [0] * seats
    while max(lost) < WORD:
        lost[rng.randrange(seats)] += 1
    played = sum(lost)
    return [SeatFigures(i, played, n, n >= WORD, None, False) for i, n in enumerate(lost)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench.rating")
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    rng = random.Random(1)
    print(f"{'seats':>5} {'game':>8} {'deals':>6} {'mean ms':>8} {'p99 ms':>8}")
    for seats in (4, 5, 6):
        for longest in (False, True):
            times = []
            deals = []
            for _ in range(args.games):
                skills = [Skill(rng.uniform(15, 35), rng.uniform(1, 8)) for _ in range(seats)]
                figures = game(seats, rng, longest)
                deals.append(figures[0].deals_played)
                start = time.perf_counter()
                update(skills, figures)
                times.append((time.perf_counter() - start) * 1000)
            times.sort()
            p99 = times[math.ceil(len(times) * 0.99) - 1]
            kind = "longest" if longest else "random"
            print(
                f"{seats:>5} {kind:>8} {statistics.mean(deals):>6.1f}"
                f" {statistics.mean(times):>8.3f} {p99:>8.3f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
