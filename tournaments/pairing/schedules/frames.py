"""Schedules from a 4-frame of type ``3^u``, weighted and filled (after Rees and Stinson).

A 4-frame of type ``3^u`` is a set of tables of four on ``3u`` points in
groups of three (group ``i`` is ``3i .. 3i + 2``): every two points of
different groups sit at exactly one table, and the tables split into ``u``
holey rounds, the ``i``-th seating everyone but group ``i``.  Type ``3^5``
(15 points, three tables per holey round) is a tiny search; the catalogue
ships one.

Weighting every point by ``m`` (a resolvable TD(4, m), :mod:`.mols`, at
every table) gives ``m`` holey rounds per group, each leaving out the group's
``3m`` copies.  Three more players and those ``3m`` play a ``3m + 3``
players' schedule whose never-met groups are threes, the extra three being
one of them, in the holey rounds of that group: ``u m`` rounds on
``3um + 3`` players, in which everyone misses only two players.  108
players: type ``3^5``, ``m = 7``, 24 players' 7 rounds: 35 rounds, the
optimum ``(108 - 3) / 3``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .inflate import never_met_groups
from .mols import resolvable_td

Rounds = list[list[list[int]]]


def is_frame(classes: Sequence[Sequence[Sequence[int]]]) -> bool:
    """True if ``classes[i]`` are holey rounds of a 4-frame of type ``3^u`` missing group ``i``."""
    u = len(classes)
    seen: set[tuple[int, int]] = set()
    for i, tables in enumerate(classes):
        points = sorted(p for t in tables for p in t)
        if points != [p for p in range(3 * u) if p // 3 != i] or any(len(t) != 4 for t in tables):
            return False
        for t in tables:
            for p, q in itertools.combinations(sorted(t), 2):
                if p // 3 == q // 3 or (p, q) in seen:
                    return False
                seen.add((p, q))
    return len(seen) == 9 * u * (u - 1) // 2


def frame_rounds(
    classes: Sequence[Sequence[Sequence[int]]], m: int, fill: Sequence[Sequence[Sequence[int]]]
) -> Rounds:
    """``u m`` rounds on ``3um + 3`` players: the weighted frame, each group filled.

    ``fill`` is ``m`` rounds on ``3m + 3`` players whose never-met players
    form groups of three.  Point ``p`` of the frame with copy ``x`` is
    ``p m + x``; the three extra players are ``3um .. 3um + 2``.
    """
    u = len(classes)
    if len(fill) != m:
        raise ValueError(f"the fill needs {m} rounds, not {len(fill)}")
    groups = never_met_groups(3 * m + 3, fill)
    if not groups or any(len(g) != 3 for g in groups):
        raise ValueError("the fill's never-met players are not groups of three")
    td = resolvable_td(m)  # point j * m + x: seat j of a table, copy x
    extra = list(range(3 * u * m, 3 * u * m + 3))
    out: Rounds = []
    for i, tables in enumerate(classes):
        # the fill's last group are the extra players, the others group i's copies
        place = dict(zip(groups[-1], extra, strict=True))
        copies = range(3 * i * m, 3 * (i + 1) * m)
        place |= dict(zip((p for g in groups[:-1] for p in g), copies, strict=True))
        for k, parallel in enumerate(td):
            weighted = [
                [t[p // m] * m + p % m for p in block] for t in tables for block in parallel
            ]
            out.append(weighted + [[place[p] for p in t] for t in fill[k]])
    return out


def search_3_5() -> Rounds:
    """A 4-frame of type ``3^5`` by depth-first search (a few dozen steps).

    With five groups each table of holey round ``i`` takes one point of every
    other group, so round ``i`` is a choice, per other group ``j``, of which
    table each of its three points joins (a permutation, the first group's
    fixed); no pair may be seated twice.
    """
    u = 5
    slots = [(i, j) for i in range(u) for j in range(u) if j != i]
    choice: dict[tuple[int, int], tuple[int, ...]] = {}
    seated: set[tuple[int, int]] = set()

    def pairs(i: int, j: int, perm: tuple[int, ...]) -> list[tuple[int, int]]:
        out = []
        for (i2, j2), other in choice.items():
            if i2 == i:
                out += [(3 * j2 + other[k], 3 * j + perm[k]) for k in range(3)]
        return out

    def place(s: int) -> bool:
        if s == len(slots):
            return True
        i, j = slots[s]
        first = j == (1 if i == 0 else 0)
        for perm in [(0, 1, 2)] if first else itertools.permutations(range(3)):
            new = pairs(i, j, perm)
            if seated.isdisjoint(new):
                choice[i, j], seated_before = perm, set(seated)
                seated.update(new)
                if place(s + 1):
                    return True
                del choice[i, j]
                seated.intersection_update(seated_before)
        return False

    if not place(0):
        raise ValueError("no 4-frame of type 3^5 found")  # cannot happen: one exists
    return [
        [[3 * j + choice[i, j][k] for j in range(u) if j != i] for k in range(3)] for i in range(u)
    ]
