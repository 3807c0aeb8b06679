"""Time of one rating update: ``python -m tools.bench.rating [--games N]``.

Prints the mean and the 99th percentile of :func:`rating.skill.update` for a
game of four, five and six players, with and without tied places.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from tournaments.rating.skill import Skill, update


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench.rating")
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args(argv)
    rng = random.Random(1)
    print(f"{'seats':>5} {'ties':>5} {'mean ms':>8} {'p99 ms':>8}")
    for seats in (4, 5, 6):
        for ties in (False, True):
            times = []
            for _ in range(args.games):
                skills = [Skill(rng.uniform(15, 35), rng.uniform(1, 8)) for _ in range(seats)]
                ranks = list(range(1, seats + 1))
                if ties:
                    ranks[1] = ranks[0]
                    ranks[-1] = ranks[-2]
                start = time.perf_counter()
                update(skills, ranks)
                times.append((time.perf_counter() - start) * 1000)
            times.sort()
            p99 = times[int(len(times) * 0.99) - 1]
            print(f"{seats:>5} {ties!s:>5} {statistics.mean(times):>8.3f} {p99:>8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
