"""Seats for a whole schedule: everyone deals first (seat A) as evenly as possible.

Seat A is chosen over all rounds at once.  A first pass gives each table's A
to the member who has had it least so far; then, while some player has two
more A seats than another, an alternating path moves one A seat: the player
with too many hands a table to a tablemate, who hands one of theirs on,
and so on until it reaches a player with too few (breadth-first search over
tables, like a matching augmentation).  When no such path exists the counts
are as even as the tables allow.  Seats B, C, D... then go, round by round,
to whoever has sat there least.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Sequence

from ..seats import SeatLedger

Tables = tuple[tuple[int, ...], ...]


def _balance(tables: list[list[int]], a_index: list[int], counts: dict[int, int]) -> None:
    """Move A seats along alternating paths until no player has two more than another."""
    holds: dict[int, set[int]] = {p: set() for p in counts}
    for t, i in enumerate(a_index):
        holds[tables[t][i]].add(t)
    while True:
        high, low = max(counts.values()), min(counts.values())
        if high - low <= 1:
            return
        moved = False
        for start in [p for p, c in counts.items() if c == high]:
            parent: dict[int, tuple[int, int]] = {}
            queue = deque([start])
            seen = {start}
            target: int | None = None
            while queue and target is None:
                u = queue.popleft()
                for t in holds[u]:
                    for w in tables[t]:
                        if w in seen:
                            continue
                        seen.add(w)
                        parent[w] = (u, t)
                        if counts[w] <= high - 2:
                            target = w
                            break
                        queue.append(w)
                    if target is not None:
                        break
            if target is None:
                continue
            w = target
            counts[w] += 1
            while w != start:
                u, t = parent[w]
                a_index[t] = tables[t].index(w)
                holds[u].discard(t)
                holds[w].add(t)
                w = u
            counts[start] -= 1
            moved = True
            break
        if not moved:
            return


def seat_schedule(groups: Sequence[Sequence[Sequence[int]]], rng: random.Random) -> list[Tables]:
    """Seat every table of every round; index 0 of a table is seat A."""
    flat = [list(t) for tables in groups for t in tables]
    counts: dict[int, int] = {p: 0 for t in flat for p in t}
    a_index: list[int] = []
    for t in flat:
        order = list(range(len(t)))
        rng.shuffle(order)
        pick = min(order, key=lambda i: counts[t[i]])
        counts[t[pick]] += 1
        a_index.append(pick)
    _balance(flat, a_index, counts)
    ledger = SeatLedger()
    out: list[Tables] = []
    k = 0
    for tables in groups:
        seated = []
        for _ in tables:
            table = flat[k]
            a = table[a_index[k]]
            k += 1
            rest = [p for p in table if p != a]
            rng.shuffle(rest)
            best = min(
                itertools.permutations(rest),
                key=lambda order: sum(ledger.of(p)[i + 1] for i, p in enumerate(order)),
            )
            seated.append((a, *best))
        ledger.record(seated)
        out.append(tuple(seated))
    return out
