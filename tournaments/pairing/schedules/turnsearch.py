"""Local search for base rounds that turning the levels maps onto themselves.

For ``3m + 3`` players: ``Z_m x Z_3`` plus three fixed points, developed over
``Z_m`` (:mod:`tournaments.pairing.cyclic`, ``k = h = 3``) into ``m = (v - 3) / 3``
rounds, the optimum for ``v = 0 (mod 12)``.  The turn ``(x, r) -> (u x, r + 1)``,
``oo_i -> oo_(i + 1)`` (``u^3 = 1`` in ``Z_m``) splits the players into ``m + 1``
orbits of three; a base round it keeps is ``(m + 1) / 4`` *starter* tables
and their two turns, each starter taking one point of four orbits.  The
search (simulated annealing) moves orbits between starters and turns single
points, with the conflicts of the whole base round kept up to date for the
two starters touched.  CP-SAT (:mod:`.rotational`, ``symmetry="turn"``) does
this exactly and is the better tool up to 60 players; this one is for larger
fields, where it gets within one conflict orbit (3 conflicts) in a minute
or two for 72, 84 and 96 players but, so far, not to 0; ``--repair``
hands such a near miss to CP-SAT as a hint (72: none in 5 minutes).
Offline only.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from ..cyclic import Block, conflicts
from .basesearch import FORBIDDEN, class_table
from .rotational import Symmetry, base_rounds


def turned_base(
    m: int, *, unit: int = 1, seed: int = 0, seconds: float = 60.0, cold: float = 0.6
) -> tuple[list[Block], int]:
    """The best base round found in ``seconds`` and its conflicts (0: a schedule)."""
    if (m + 1) % 4 or pow(unit, 3, m) != 1:
        raise ValueError("needs m = 3 (mod 4) and unit^3 = 1 (mod m)")
    rng = random.Random(seed)
    n, finite = 3 * m + 3, 3 * m
    table = class_table(m, 3, 3)
    n_classes = 1 + max(max(row) for row in table)
    turn = [finite + (p - finite + 1) % 3 if p >= finite else
            ((p // m + 1) % 3) * m + unit * (p % m) % m for p in range(n)]  # fmt: skip
    orbit = [[x, turn[x], turn[turn[x]]] for x in range(m)] + [[finite, finite + 1, finite + 2]]
    # a starter is four (orbit, j) cells: the point orbit[o][j]
    order = list(range(m + 1))
    rng.shuffle(order)
    starters = [[(o, rng.randrange(3)) for o in order[i : i + 4]] for i in range(0, m + 1, 4)]
    count = [0] * n_classes

    def tables_of(s: list[tuple[int, int]]) -> list[list[int]]:
        return [[orbit[o][(j + t) % 3] for o, j in s] for t in range(3)]

    def apply(s: list[tuple[int, int]], sign: int) -> int:
        delta = 0
        for blk in tables_of(s):
            for i in range(4):
                p = blk[i]
                for q in blk[i + 1 :]:
                    c = table[p][q]
                    if c < 0:
                        delta += FORBIDDEN * sign
                        continue
                    before = count[c]
                    count[c] = before + sign
                    if before >= (1 if sign > 0 else 2):
                        delta += sign
        return delta

    cost = sum(apply(s, 1) for s in starters)
    best_cost, best = cost, [list(s) for s in starters]
    deadline = time.monotonic() + seconds
    temperature, step = 3.0, 0  # conflicts come in threes (a starter and its turns)
    while cost > 0:
        step += 1
        if step & 1023 == 0:
            if time.monotonic() > deadline:
                break
            temperature = max(cold, temperature * 0.998)
        a = rng.randrange(len(starters))
        b = a if rng.random() < 0.3 else rng.randrange(len(starters))
        sa, sb = starters[a], starters[b]
        old_a, old_b = list(sa), list(sb)
        delta = apply(sa, -1) + (apply(sb, -1) if a != b else 0)
        i = rng.randrange(4)
        if a == b:
            o, j = sa[i]
            sa[i] = (o, (j + rng.randrange(1, 3)) % 3)
        else:
            k = rng.randrange(4)
            sa[i], sb[k] = sb[k], sa[i]
        delta += apply(sa, 1) + (apply(sb, 1) if a != b else 0)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, [list(s) for s in starters]
        else:
            apply(sa, -1)
            if a != b:
                apply(sb, -1)
            starters[a][:] = old_a
            if a != b:
                starters[b][:] = old_b
            apply(starters[a], 1)
            if a != b:
                apply(starters[b], 1)
    base = [tuple(t) for s in best for t in tables_of(s)]
    assert best_cost > 0 or conflicts(base, m, 3) == 0
    return base, best_cost


def main() -> None:

    parser = argparse.ArgumentParser(prog="python -m tournaments.pairing.schedules.turnsearch")
    parser.add_argument("m", type=int)
    parser.add_argument("--unit", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--cold", type=float, default=0.6, help="lowest temperature")
    parser.add_argument("--repair", type=float, default=0.0, help="CP-SAT seconds from a near miss")
    args = parser.parse_args()
    for seed in range(args.seeds):
        started = time.monotonic()
        base, cost = turned_base(
            args.m, unit=args.unit, seed=seed, seconds=args.seconds, cold=args.cold
        )
        took = time.monotonic() - started
        players = 3 * args.m + 3
        print(f"{players} players, seed {seed}: {cost} conflicts in {took:.0f} s", flush=True)
        if cost > 0 and args.repair > 0:
            turn = Symmetry(args.unit, (1, 2, 0), (), (1, 2, 0))
            found = base_rounds(
                args.m, 3, 3, seconds=args.repair, seed=seed, symmetry=turn, hint=[base]
            )
            took = time.monotonic() - started
            print(
                f"{players} players: CP-SAT from the near miss: {found is not None} ({took:.0f} s)"
            )
            if found is not None:
                base, cost = found[0], 0
        if cost == 0:
            print(base)
            break


if __name__ == "__main__":
    main()
