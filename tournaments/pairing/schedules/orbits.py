"""Resolvable designs for ``3q + 1`` players, ``q`` a prime power with ``q = 1 (mod 4)``.

The players are ``GF(q) x {0, 1, 2}`` plus one fixed point.  A base round is
the table ``{fixed, (0, 0), (0, 1), (0, 2)}`` and the images of a few
*starter* tables under multiplication by a subgroup ``S`` of ``GF(q)^*`` of odd
order (index ``e`` = 4, 8 or 16, so ``-1`` is not in ``S``).  Developing the base
round additively over ``GF(q)`` gives ``q = (v - 1) / 3`` rounds in which every
pair meets exactly once (a Kirkman-type resolvable design, the bound), as
soon as the starters' differences fall one per coset of ``S``: on each level
the differences ``+-(y - x)`` of its pairs, and between two levels the
differences ``y - x``, must hit every coset of ``S`` exactly once.  That is
a small search over cosets and representatives (:func:`starters`), done
once offline; :func:`base_round` expands stored starters.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from .mols import Field, prime_power

Point = tuple[int, int]  # (level, residue)


@cache
def field_of(q: int) -> Field:
    """GF(q) for a prime or a prime power this package knows (25 = 5^2)."""
    pk = prime_power(q)
    if pk is None:
        raise ValueError(f"{q} is not a prime power")
    return Field(*pk)


def sub(q: int, a: int, b: int) -> int:
    f = field_of(q)
    return f.add(a, f.mul(f.p - 1, b))


def power(q: int, g: int, n: int) -> int:
    f = field_of(q)
    out = 1
    for _ in range(n % (q - 1)):
        out = f.mul(out, g)
    return out


@cache
def primitive_root(q: int) -> int:
    """The smallest generator of ``GF(q)^*``."""
    for g in range(2, q):
        x, order = g, 1
        while x != 1:
            x = field_of(q).mul(x, g)
            order += 1
        if order == q - 1:
            return g
    raise ValueError(f"no generator for {q}")


def orbit_index(q: int) -> int | None:
    """The index ``e`` of ``S`` (4 or 8) making ``|S|`` odd, if any."""
    for e in (4, 8, 16):
        if (q - 1) % e == 0 and ((q - 1) // e) % 2 == 1:
            return e
    return None


@cache
def _log_table(q: int) -> list[int]:
    g = primitive_root(q)
    logs = [0] * q
    x = 1
    for i in range(q - 1):
        logs[x] = i
        x = field_of(q).mul(x, g)
    return logs


def _index_of(q: int) -> int:
    e = orbit_index(q)
    if e is None:
        raise ValueError(f"no subgroup of odd order and index 4, 8 or 16 for {q}")
    return e


def pair_keys(q: int, a: Point, b: Point) -> list[tuple[int, int, int]] | None:
    """The coset slots a starter pair uses, or ``None`` if it can never be used.

    On one level the pair uses the cosets of ``y - x`` and ``x - y``; between
    two levels the coset of the difference taken from the lower level.  Two
    levels' points with the same residue would repeat the fixed table's
    difference 0.
    """
    e, logs = _index_of(q), _log_table(q)
    (r, x), (s, y) = a, b
    if x == y:
        return None
    if r == s:
        return [(r, r, logs[sub(q, y, x)] % e), (r, r, logs[sub(q, x, y)] % e)]
    lo, hi, d = (r, s, sub(q, y, x)) if r < s else (s, r, sub(q, x, y))
    return [(lo, hi, logs[d] % e)]


def conflicts(q: int, starters: Sequence[Sequence[Point]]) -> int:
    """How many coset slots the starters' differences use more than once."""
    used: dict[tuple[int, int, int], int] = {}
    bad = 0
    for block in starters:
        for i, a in enumerate(block):
            for b in block[i + 1 :]:
                keys = pair_keys(q, a, b)
                if keys is None:
                    bad += 1
                    continue
                for key in keys:
                    used[key] = used.get(key, 0) + 1
                    if used[key] > 1:
                        bad += 1
    return bad


def starters(q: int, *, seed: int = 0, tries: int = 200_000) -> list[list[Point]]:
    """Search starter tables for ``q``; raises if none is found within ``tries`` moves."""
    e = _index_of(q)
    rng = random.Random(seed)
    g = primitive_root(q)
    size = (q - 1) // e
    cells = [(r, j) for r in range(3) for j in range(e)]

    def rep(j: int) -> int:
        return power(q, g, j + e * rng.randrange(size))

    def fresh() -> list[list[Point]]:
        order = list(cells)
        rng.shuffle(order)
        return [[(r, rep(j)) for r, j in order[i : i + 4]] for i in range(0, len(order), 4)]

    blocks = fresh()
    cost = conflicts(q, blocks)
    for step in range(tries):
        if cost == 0:
            return blocks
        if step % 20_000 == 19_999:
            blocks = fresh()
            cost = conflicts(q, blocks)
            continue
        trial = [list(b) for b in blocks]
        if rng.random() < 0.5:
            a, b = rng.sample(range(len(trial)), 2)
            i, j = rng.randrange(4), rng.randrange(4)
            trial[a][i], trial[b][j] = trial[b][j], trial[a][i]
        else:
            a, i = rng.randrange(len(trial)), rng.randrange(4)
            r, x = trial[a][i]
            trial[a][i] = (r, field_of(q).mul(x, power(q, g, e * rng.randrange(size))))
        new = conflicts(q, trial)
        if new <= cost or rng.random() < 0.02:
            blocks, cost = trial, new
    raise ValueError(f"no starters found for {q} in {tries} moves")


def base_round(q: int, starter_blocks: Sequence[Sequence[Point]]) -> list[tuple[int, ...]]:
    """The full base round (players ``level * q + residue``, fixed point ``3q``)."""
    e = _index_of(q)
    g = primitive_root(q)
    f = field_of(q)
    subgroup = [power(q, g, e * i) for i in range((q - 1) // e)]
    tables: list[tuple[int, ...]] = [(3 * q, 0, q, 2 * q)]
    for block in starter_blocks:
        for s in subgroup:
            tables.append(tuple(r * q + f.mul(x, s) for r, x in block))
    return tables


def develop(base: Sequence[Sequence[int]], q: int) -> list[list[list[int]]]:
    """The ``q`` rounds: round ``a`` adds ``a`` (in GF(q)) to every finite point."""
    f = field_of(q)
    return [
        [[p if p >= 3 * q else (p // q) * q + f.add(p % q, a) for p in t] for t in base]
        for a in range(q)
    ]
