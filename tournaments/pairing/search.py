"""Local search that groups players into tables of given sizes.

The cost of a grouping is the sum of a pairwise cost over players sharing a
table (repeats cost a lot, rank distance a little).  The search is simulated
annealing over swaps between tables with a fixed number of steps, so the
result depends only on the inputs and the seeded generator, never on time.
Given each player's team (``teams``), it never makes a swap that seats more teammates
together: teammates apart come before every cost (see :mod:`.teammates`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence


def table_cost(table: Sequence[int], cost: Sequence[Sequence[float]]) -> float:
    return sum(cost[p][q] for i, p in enumerate(table) for q in table[i + 1 :])


def split(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Cut ``order`` into consecutive tables of ``sizes``."""
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def anneal(
    tables: list[list[int]],
    cost: Sequence[Sequence[float]],
    rng: random.Random,
    *,
    steps: int,
    temperature: float = 2.0,
    teams: Sequence[int | None] | None = None,
) -> tuple[list[list[int]], float]:
    """Improve ``tables`` (indices into ``cost``) by swaps; returns best and its cost.

    ``teams[i]`` is the team of index ``i`` (``None``: no team); swaps that would add a
    pair of teammates at a table are not made, so no more teammates share a table than at
    the start.
    """
    current = [list(t) for t in tables]
    total = sum(table_cost(t, cost) for t in current)
    best, best_total = [list(t) for t in current], total
    n_tables = len(current)
    if n_tables < 2 or total == 0:
        return best, best_total
    cooling = (0.01 / temperature) ** (1.0 / max(1, steps))
    temp = temperature
    for _ in range(steps):
        temp *= cooling
        a = rng.randrange(n_tables)
        b = rng.randrange(n_tables - 1)
        if b >= a:
            b += 1
        ta, tb = current[a], current[b]
        i = rng.randrange(len(ta))
        j = rng.randrange(len(tb))
        p, q = ta[i], tb[j]
        if teams is not None and _adds_teammates(teams, ta, i, tb, j):
            continue
        row_p, row_q = cost[p], cost[q]
        delta = 0.0
        for k, x in enumerate(ta):
            if k != i:
                delta += row_q[x] - row_p[x]
        for k, x in enumerate(tb):
            if k != j:
                delta += row_p[x] - row_q[x]
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            ta[i], tb[j] = q, p
            total += delta
            if total < best_total - 1e-9:
                best_total = total
                best = [list(t) for t in current]
                if best_total <= 0:
                    break
    return best, best_total


def _adds_teammates(
    teams: Sequence[int | None], ta: Sequence[int], i: int, tb: Sequence[int], j: int
) -> bool:
    """Whether swapping ``ta[i]`` and ``tb[j]`` seats more pairs of teammates together."""
    tp, tq = teams[ta[i]], teams[tb[j]]
    if tp == tq:
        return False
    change = 0
    for k, x in enumerate(ta):
        if k != i and teams[x] is not None:
            change += (teams[x] == tq) - (teams[x] == tp)
    for k, x in enumerate(tb):
        if k != j and teams[x] is not None:
            change += (teams[x] == tp) - (teams[x] == tq)
    return change > 0
