"""Benchmark: standings of 1,000 players over 10 rounds (``python -m tournaments.standings.bench``).

Prints the median and best wall time and the median CPU time of several runs of
each step. The input is random but seeded, so runs are comparable.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from .classification import classification_compute
from .final import FinalResult, final_place
from .inputs import Entrant, EntrantStatus, GameLine
from .points import PointsTable
from .standings import standings_compute
from .tally import Tally


def make_field(players: int, rounds: int, seed: int = 2015) -> tuple[list[Entrant], list[GameLine]]:
    """A seeded random field: every player plays one game per round."""
    rng = random.Random(seed)
    entrants = [
        Entrant(
            player_id=i,
            name=f"PLAYER{i:04d}",
            status=EntrantStatus.SUBSTITUTE if i % 97 == 0 else EntrantStatus.SCORING,
        )
        for i in range(1, players + 1)
    ]
    lines = []
    for number in range(1, rounds + 1):
        for entrant in entrants:
            played = rng.randint(8, 24)
            lost = rng.randint(0, min(played, 5))
            penalty = rng.choice((None, None, None, 0, 1, 2))
            lines.append(GameLine(entrant.player_id, number, played, lost, lost == 5, penalty))
    return entrants, lines


def _time(step: Callable[[], object], repeat: int) -> tuple[float, float, float]:
    """Median and best wall time, and median CPU time (steadier on a busy machine), in ms."""
    wall = []
    cpu = []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        step()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(wall), min(wall), statistics.median(cpu)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    entrants, lines = make_field(args.players, args.rounds)
    built = (time.perf_counter() - start) * 1000
    standings = standings_compute(entrants=entrants, lines=lines)
    finalists = standings.cut.qualified if standings.cut else ()
    final = final_place(
        FinalResult(
            finalists=tuple(finalists),
            eliminated=tuple(finalists[3:][::-1]),
            tallies={p: Tally(20, i) for i, p in enumerate(finalists)},
        )
    )
    table = PointsTable("Classic", {p: max(0, 100 - 5 * (p - 1)) for p in range(1, 31)})

    steps: dict[str, Callable[[], object]] = {
        "standings (cumulative, cut)": lambda: standings_compute(entrants=entrants, lines=lines),
        "standings (one round)": lambda: standings_compute(
            entrants=entrants, lines=lines, rounds={1}
        ),
        "classification (+ points)": lambda: classification_compute(
            standings=standings, final=final, points_table=table
        ),
    }
    print(f"{args.players} players x {args.rounds} rounds = {len(lines)} game lines")
    print(f"  building the input dataclasses (adapter side): {built:7.2f} ms (once)")
    for label, step in steps.items():
        median, best, cpu = _time(step, args.repeat)
        print(f"  {label:28s} median {median:6.2f} ms   best {best:6.2f} ms   cpu {cpu:6.2f} ms")


if __name__ == "__main__":
    main()
