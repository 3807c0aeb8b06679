"""Schedules that a partner swap maps onto themselves, found by CP-SAT (offline).

The bound ``(v - 1) / 3`` for ``v = 8 (mod 12)`` players leaves every player
one partner never met: the schedule is a resolvable 4-GDD of type
``2^(v/2)``.  Asking the swap ``x <-> x'`` of every pair of partners to map
each round onto itself shrinks the search to ``h = v / 2`` base points: a
round is ``h / 4`` tables of base points, each point with a sign (copy ``x``
or ``x'``), and its twin table takes the other signs.  Two base points ``a``,
``b`` at one table with equal signs seat ``ab`` and ``a'b'`` together, with
different signs ``ab'`` and ``a'b``; so every pair of base points must sit
together in exactly two rounds, once with equal and once with different
signs.  For 32 players (16 base points, 10 rounds) this is the social golfer
problem 8-4-10, open until 2004: this model finds it in about 20 seconds.
Not found (so not kept): base rounds developed over ``Z_5`` on 16 base
points (three levels and a fixed point, two base rounds: 120 s), and for 56
players over ``Z_3`` on 28 base points (six base rounds: 30 minutes); the
whole model for 56 ran 14 minutes without an answer.

OR-Tools is the optional extra ``schedules``; the site only reads the
shipped rounds (``catalogue.json``, kind ``lifted``): of each pair of twin
tables only the one holding the smaller player, unfolded by :func:`unfold`.
"""

from __future__ import annotations

import itertools
from typing import Any

from tournaments.pairing.schedules.cpsat import cpsat_solve

Rounds = list[list[list[int]]]
#: one round of base points: tables of (point, sign)
Signed = list[list[tuple[int, int]]]


def lift(base: int, rounds: list[Signed]) -> Rounds:
    """Players ``a`` and ``a + base`` are the two copies of base point ``a``."""
    out: Rounds = []
    for tables in rounds:
        lifted: list[list[int]] = []
        for t in tables:
            lifted.append([a + base * s for a, s in t])
            lifted.append([a + base * (1 - s) for a, s in t])
        out.append(lifted)
    return out


def twin(players: int, p: int) -> int:
    """The partner of player ``p``: the other copy of its base point."""
    return (p + players // 2) % players


def halves(players: int, rounds: Rounds) -> Rounds:
    """Of each pair of twin tables, the one holding the smaller player."""
    return [[t for t in r if min(t) < min(twin(players, p) for p in t)] for r in rounds]


def unfold(players: int, rounds: Rounds) -> Rounds:
    """Each stored table and its twin (every player swapped for the partner)."""
    return [[u for t in r for u in (t, [twin(players, p) for p in t])] for r in rounds]


def search(
    base: int = 16, rounds: int = 10, *, seconds: float = 600.0, seed: int = 0, workers: int = 1
) -> Rounds | None:
    """A partner-swap invariant schedule for ``2 base`` players, or ``None``.

    The whole model on 16 base points finds 32 players' 10 rounds in about
    20 seconds (seed 0, one worker).
    """
    from ortools.sat.python import cp_model  # optional extra, offline only

    tables = base // 4
    full = 3 * rounds == 2 * base - 2
    model = cp_model.CpModel()
    at = [
        [[model.new_bool_var(f"at{r}_{a}_{t}") for t in range(tables)] for a in range(base)]
        for r in range(rounds)
    ]
    sign = [[model.new_bool_var(f"s{r}_{a}") for a in range(base)] for r in range(rounds)]
    for r in range(rounds):
        for a in range(base):
            model.add_exactly_one(at[r][a])
        for t in range(tables):
            model.add(sum(at[r][a][t] for a in range(base)) == 4)
    for a, b in itertools.combinations(range(base), 2):
        met: list[Any] = []
        crossed: list[Any] = []
        for r in range(rounds):
            pair = []
            for t in range(tables):
                z = model.new_bool_var("")
                model.add_bool_and([at[r][a][t], at[r][b][t]]).only_enforce_if(z)
                model.add_bool_or([at[r][a][t].Not(), at[r][b][t].Not()]).only_enforce_if(z.Not())
                pair.append(z)
            together = model.new_bool_var("")
            model.add(sum(pair) == together)
            differ = model.new_bool_var("")
            model.add_bool_xor([sign[r][a], sign[r][b], differ.Not()])
            cross = model.new_bool_var("")
            model.add_bool_and([together, differ]).only_enforce_if(cross)
            model.add_bool_or([together.Not(), differ.Not()]).only_enforce_if(cross.Not())
            met.append(together)
            crossed.append(cross)
        # once with equal signs and once with different ones at most; exactly
        # when counting leaves no slack (stated so, CP-SAT finds 32's 10 rounds
        # in 20 s; as two inequalities not in 120 s)
        if full:
            model.add(sum(met) == 2)
            model.add(sum(crossed) == 1)
        else:
            model.add(sum(crossed) <= 1)
            model.add(sum(met) - sum(crossed) <= 1)
    # symmetry: round 0 is the tables 0-3, 4-7, ... with every sign 0 (a point's
    # copies may be renamed); in each round, tables are numbered by their
    # smallest point
    for a in range(base):
        model.add(at[0][a][a // 4] == 1)
        model.add(sign[0][a] == 0)
    for r in range(1, rounds):
        for a in range(base):
            for t in range(1, tables):
                # point a opens table t only if some earlier point opened t - 1
                if a < t * 1:
                    model.add(at[r][a][t] == 0)
                else:
                    model.add_bool_or([at[r][b][t - 1] for b in range(a)]).only_enforce_if(
                        at[r][a][t]
                    )
        model.add(sign[r][0] == 0)
    solver = cpsat_solve(model, seconds=seconds, seed=seed, workers=workers)
    if solver is None:
        return None
    signed: list[Signed] = []
    for r in range(rounds):
        signed.append(
            [
                [
                    (a, int(solver.value(sign[r][a])))
                    for a in range(base)
                    if solver.value(at[r][a][t])
                ]
                for t in range(tables)
            ]
        )
    return lift(base, signed)
