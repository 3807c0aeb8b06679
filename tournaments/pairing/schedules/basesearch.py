"""Search for cyclic base rounds (the offline step behind the shipped catalogue).

A base round over ``Z_m x Z_k`` plus ``h`` fixed points (see
:mod:`tournaments.pairing.cyclic`) develops into ``m`` repeat-free rounds when
every difference class is used by at most one pair of a table.  This module
finds such base rounds by simulated annealing over swaps of two players
between tables, with the cost kept up to date incrementally (only the two
tables touched change).  It is run once, offline, by
``python -m tournaments.pairing.schedules.build``; the site only reads the
stored results.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..cyclic import _diff_key

#: cost of a pair that repeats whatever the round (two fixed points, opposite points)
FORBIDDEN = 4


def class_table(m: int, k: int, h: int) -> list[list[int]]:
    """``table[p][q]``: the difference class of a pair, or -1 if it always repeats."""
    finite = m * k
    n = finite + h
    ids: dict[tuple[int, int, int], int] = {}

    table = [[-1] * n for _ in range(n)]
    for p in range(n):
        for q in range(n):
            if p != q:
                found = _diff_key(p, q, m, finite)
                if found is not None and found[0] >= 0:
                    table[p][q] = ids.setdefault(found, len(ids))
    return table


def base_round(
    m: int, k: int, h: int, sizes: Sequence[int], *, seed: int = 0, seconds: float = 60.0
) -> tuple[list[tuple[int, ...]], int]:
    """A base round with the fewest conflicts found in ``seconds``; (round, conflicts)."""
    rng = random.Random(seed)
    n = m * k + h
    if sum(sizes) != n:
        raise ValueError("table sizes do not add up to the players")
    table = class_table(m, k, h)
    n_classes = 1 + max(max(row) for row in table)
    points = list(range(n))
    rng.shuffle(points)
    blocks: list[list[int]] = []
    start = 0
    for size in sizes:
        blocks.append(points[start : start + size])
        start += size
    where = [0] * n
    for b, blk in enumerate(blocks):
        for p in blk:
            where[p] = b
    count = [0] * n_classes

    def pair_add(p: int, q: int, sign: int) -> int:
        c = table[p][q]
        if c < 0:
            return FORBIDDEN * sign
        before = count[c]
        count[c] = before + sign
        if sign > 0:
            return 1 if before >= 1 else 0
        return -1 if before >= 2 else 0

    cost = 0
    for blk in blocks:
        for i, p in enumerate(blk):
            for q in blk[i + 1 :]:
                cost += pair_add(p, q, 1)
    best_cost = cost
    best = [tuple(b) for b in blocks]
    deadline = time.monotonic() + seconds
    temperature = 1.0
    step = 0
    hot: list[int] = []
    while cost > 0:
        step += 1
        if step & 1023 == 0:
            if time.monotonic() > deadline:
                break
            temperature = max(0.08, temperature * 0.999)
        if step & 255 == 1:
            hot = [
                x
                for blk in blocks
                for i, x in enumerate(blk)
                if any(
                    table[x][y] < 0 or count[table[x][y]] > 1 for j, y in enumerate(blk) if j != i
                )
            ]
        p = rng.choice(hot) if hot and rng.random() < 0.7 else rng.randrange(n)
        q = rng.randrange(n)
        a, b = where[p], where[q]
        if a == b:
            continue
        ba, bb = blocks[a], blocks[b]
        delta = 0
        for x in ba:
            if x != p:
                delta += pair_add(p, x, -1)
        for x in bb:
            if x != q:
                delta += pair_add(q, x, -1)
        for x in ba:
            if x != p:
                delta += pair_add(q, x, 1)
        for x in bb:
            if x != q:
                delta += pair_add(p, x, 1)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            ba[ba.index(p)] = q
            bb[bb.index(q)] = p
            where[p], where[q] = b, a
            cost += delta
            if cost < best_cost:
                best_cost = cost
                best = [tuple(x) for x in blocks]
        else:
            for x in ba:
                if x != p:
                    pair_add(q, x, -1)
            for x in bb:
                if x != q:
                    pair_add(p, x, -1)
            for x in ba:
                if x != p:
                    pair_add(p, x, 1)
            for x in bb:
                if x != q:
                    pair_add(q, x, 1)
    return best, best_cost
