"""Exact search for orbit starters (:mod:`.orbits`) with OR-Tools CP-SAT.

Offline only: ``python -m tournaments.pairing.schedules.build --exact`` uses
it when the local search of :func:`.orbits.starters` finds nothing.  OR-Tools
is the optional extra ``schedules`` (``pip install '.[schedules]'``); the
site and the tests only read the stored starters.

The model: the ``3e`` cells (level ``r``, coset ``j`` of ``S``) are split
into tables of four, and each cell gets one representative ``g^(j + e k)``.
A boolean per pair of cells says "same table"; every cell has three
partners and "same table" is transitive, so the pairs form tables of four.
A boolean per pair and choice of the two representatives carries the coset
slots that pair uses (:func:`.orbits.pair_keys`), and every slot is used
exactly once, which is :func:`.orbits.conflicts` being 0.
"""

from __future__ import annotations

import itertools
from typing import Any

from tournaments.pairing.schedules.cpsat import cpsat_solve

from .orbits import Point, _index_of, conflicts, pair_keys, power, primitive_root

Cell = tuple[int, int]  # (level, coset)


def starters_exact(
    q: int, *, seconds: float = 600.0, seed: int = 0, rotate: bool = False
) -> list[list[Point]] | None:
    """Starter tables for ``q`` found by CP-SAT in ``seconds``, or ``None``.

    ``rotate`` asks for starters that turning the levels ``0 -> 1 -> 2 -> 0``
    maps onto themselves: a smaller search that finds GF(17)'s, where the
    whole search does not end.
    """
    from ortools.sat.python import cp_model  # optional extra, offline only

    e = _index_of(q)
    size = (q - 1) // e
    g = primitive_root(q)
    cells: list[Cell] = [(r, j) for r in range(3) for j in range(e)]

    def point(cell: Cell, k: int) -> Point:
        return cell[0], power(q, g, cell[1] + e * k)

    model = cp_model.CpModel()
    rep = [[model.new_bool_var(f"rep{c}_{k}") for k in range(size)] for c in range(len(cells))]
    for c in range(len(cells)):
        model.add_exactly_one(rep[c])
    together: dict[tuple[int, int], Any] = {}
    slots: dict[tuple[int, int, int], list[Any]] = {}
    for c, d in itertools.combinations(range(len(cells)), 2):
        choices = []
        for k, m in itertools.product(range(size), repeat=2):
            keys = pair_keys(q, point(cells[c], k), point(cells[d], m))
            if keys is None:
                continue
            used = model.new_bool_var(f"use{c}_{d}_{k}_{m}")
            model.add_implication(used, rep[c][k])
            model.add_implication(used, rep[d][m])
            for key in keys:
                slots.setdefault(key, []).append(used)
            choices.append(used)
        pair = together[c, d] = model.new_bool_var(f"pair{c}_{d}")
        model.add(sum(choices) == pair)
    if len(slots) != 6 * e:
        return None  # some slot no pair can use
    for used_by in slots.values():
        model.add_exactly_one(used_by)
    for c in range(len(cells)):
        model.add(sum(together[min(c, d), max(c, d)] for d in range(len(cells)) if d != c) == 3)
    for a, b, c in itertools.combinations(range(len(cells)), 3):
        ab, ac, bc = together[a, b], together[a, c], together[b, c]
        model.add_bool_or([ab.Not(), bc.Not(), ac])
        model.add_bool_or([ab.Not(), ac.Not(), bc])
        model.add_bool_or([ac.Not(), bc.Not(), ab])
    if rotate:
        turned = [cells.index(((r + 1) % 3, j)) for r, j in cells]
        for (c, d), pair in together.items():
            model.add(pair == together[min(turned[c], turned[d]), max(turned[c], turned[d])])
        for c in range(len(cells)):
            for k in range(size):
                model.add(rep[c][k] == rep[turned[c]][k])
    # multiplying a table by an element of S keeps its orbit: its first cell takes g^j
    # (with turned levels a table's orbit also moves its turned images: no such choice)
    for c in range(len(cells) if not rotate else 0):
        earlier = [together[d, c] for d in range(c)]
        model.add(sum(rep[c][1:]) <= sum(earlier))

    solver = cpsat_solve(model, seconds=seconds, seed=seed)
    if solver is None:
        return None
    chosen = [next(k for k in range(size) if solver.value(rep[c][k])) for c in range(len(cells))]
    blocks: list[list[Point]] = []
    placed: set[int] = set()
    for c in range(len(cells)):
        if c in placed:
            continue
        table = [c] + [d for d in range(c + 1, len(cells)) if solver.value(together[c, d])]
        placed.update(table)
        blocks.append([point(cells[d], chosen[d]) for d in table])
    if conflicts(q, blocks) != 0:
        raise AssertionError(f"CP-SAT starters for {q} do not verify")
    return blocks
