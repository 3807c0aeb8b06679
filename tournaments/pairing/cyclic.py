"""Cyclic ("1-rotational"-style) schedules: one base round developed over Z_m.

Players are the points ``Z_m x Z_k`` plus ``h`` fixed points ("infinities").
A *base round* partitions them into tables; round ``i`` (``0 <= i < m``) adds
``i`` to the first coordinate of every finite point and leaves the fixed
points alone.  Two finite points ``(x, r)`` and ``(y, s)`` meet in round ``i``
of at most one table when every *difference class* (the level pair and
``y - x``) is used by at most one pair in the base round, which makes the
whole ``m``-round schedule repeat-free.  Fixed points never share a table
with each other, and a fixed point's tablemates in the base round must lie
on different levels (each then meets the fixed point once).

:func:`base_search` finds such base rounds by a seeded annealing search; the
catalogue module stores the ones found, and :func:`develop` expands them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

Block = tuple[int, ...]
DiffKey = tuple[int, int, int]


def point_count(m: int, k: int, h: int) -> int:
    """How many players a cyclic schedule over ``Z_m x Z_k`` plus ``h`` has."""
    return m * k + h


def _diff_key(p: int, q: int, m: int, finite: int) -> DiffKey | None:
    """The difference class of a pair; ``None`` if the pair needs no class.

    Returns ``(-1, -1, -1)`` for a pair that would repeat under development
    (two fixed points, or two points half a cycle apart on one level).
    """
    if p >= finite or q >= finite:
        if p >= finite and q >= finite:
            return (-1, -1, -1)
        fixed, other = (p, q) if p >= finite else (q, p)
        # a fixed point meets a whole level once per finite point on it
        return (fixed, other // m, -2)
    r, x = divmod(p, m)
    s, y = divmod(q, m)
    if r == s:
        d = (y - x) % m
        d = min(d, m - d)
        if 2 * d == m:
            return (-1, -1, -1)
        return (r, r, d)
    if r > s:
        r, s, x, y = s, r, y, x
    return (r, s, (y - x) % m)


def conflicts(blocks: Sequence[Block], m: int, k: int) -> int:
    """Number of pair-slots in ``blocks`` that would repeat when developed."""
    finite = m * k
    seen: dict[DiffKey, int] = {}
    bad = 0
    for block in blocks:
        for i, p in enumerate(block):
            for q in block[i + 1 :]:
                key = _diff_key(p, q, m, finite)
                if key is None:
                    continue
                if key[0] < 0:
                    bad += 1
                    continue
                seen[key] = seen.get(key, 0) + 1
                if seen[key] > 1:
                    bad += 1
    return bad


def develop(blocks: Sequence[Block], m: int, k: int, rounds: int) -> list[list[list[int]]]:
    """Expand a base round into ``rounds`` rounds (0-based player numbers)."""
    finite = m * k
    out: list[list[list[int]]] = []
    for i in range(rounds):
        tables = []
        for block in blocks:
            table = []
            for p in block:
                if p >= finite:
                    table.append(p)
                else:
                    r, x = divmod(p, m)
                    table.append(r * m + (x + i) % m)
            tables.append(table)
        out.append(tables)
    return out


def base_search(
    m: int,
    k: int,
    h: int,
    sizes: Sequence[int],
    *,
    seed: int = 0,
    seconds: float = 1.0,
) -> tuple[list[Block], int]:
    """Search for a conflict-free base round; returns the best found and its cost."""
    rng = random.Random(seed)
    n = point_count(m, k, h)
    finite = m * k
    assert sum(sizes) == n
    points = list(range(n))
    rng.shuffle(points)
    blocks: list[list[int]] = []
    start = 0
    for size in sizes:
        blocks.append(points[start : start + size])
        start += size
    counts: dict[DiffKey, int] = {}

    def block_keys(block: Sequence[int]) -> list[DiffKey]:
        keys: list[DiffKey] = []
        for i, p in enumerate(block):
            for q in block[i + 1 :]:
                key = _diff_key(p, q, m, finite)
                if key is not None:
                    keys.append(key)
        return keys

    def add(keys: list[DiffKey], sign: int) -> int:
        """Apply keys; return the change in cost."""
        delta = 0
        for key in keys:
            if key[0] < 0:
                delta += 5 * sign
                continue
            c = counts.get(key, 0)
            if sign > 0:
                if c >= 1:
                    delta += 1
                counts[key] = c + 1
            else:
                if c >= 2:
                    delta -= 1
                counts[key] = c - 1
        return delta

    cost = 0
    for blk in blocks:
        cost += add(block_keys(blk), 1)
    best = cost
    best_blocks = [tuple(b) for b in blocks]
    deadline = time.monotonic() + seconds
    temperature = 0.6
    step = 0
    nb = len(blocks)
    while cost > 0:
        step += 1
        if step % 256 == 0:
            if time.monotonic() > deadline:
                break
            temperature = max(0.15, temperature * 0.995)
        a = rng.randrange(nb)
        if rng.random() < 0.8:
            hot = [
                i
                for i, blk in enumerate(blocks)
                if any(key[0] < 0 or counts[key] > 1 for key in block_keys(blk))
            ]
            if hot:
                a = rng.choice(hot)
        b = rng.randrange(nb - 1)
        if b >= a:
            b += 1
        ia = rng.randrange(len(blocks[a]))
        ib = rng.randrange(len(blocks[b]))
        old = add(block_keys(blocks[a]), -1) + add(block_keys(blocks[b]), -1)
        blocks[a][ia], blocks[b][ib] = blocks[b][ib], blocks[a][ia]
        new = add(block_keys(blocks[a]), 1) + add(block_keys(blocks[b]), 1)
        delta = old + new
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
            if cost < best:
                best = cost
                best_blocks = [tuple(x) for x in blocks]
        else:
            add(block_keys(blocks[a]), -1)
            add(block_keys(blocks[b]), -1)
            blocks[a][ia], blocks[b][ib] = blocks[b][ib], blocks[a][ia]
            add(block_keys(blocks[a]), 1)
            add(block_keys(blocks[b]), 1)
    return best_blocks, best
