"""Exact search for an extras plan (:mod:`.extras`) with OR-Tools CP-SAT.

Offline only: ``python -m tournaments.pairing.schedules.build --extras SECONDS``
runs it and ships what beats the field's schedules.  The model: a boolean
per round of the design ("taken first"), and per extra, round and table
("the extra joins it"); in a taken round each extra joins one table, two
extras never the same; each extra joins at most one table holding any base
player, so it meets nobody twice.  It maximises the rounds taken, from the
randomised greedy's plan as a hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cpsat import cpsat_solve
from .extras import Plan, extras_plan_greedy


def extras_plan(
    rounds: Sequence[Sequence[Sequence[int]]], extras: int, *, seconds: float, seed: int = 0
) -> Plan | None:
    """The longest plan CP-SAT finds in ``seconds`` (``None`` if none at all)."""
    from ortools.sat.python import cp_model  # optional extra, offline only

    model = cp_model.CpModel()
    taken = [model.new_bool_var(f"taken{r}") for r in range(len(rounds))]
    joins: dict[tuple[int, int, int], Any] = {}
    for j in range(extras):
        meets: dict[int, list[Any]] = {}
        for r, tables in enumerate(rounds):
            here = [model.new_bool_var(f"x{j}_{r}_{t}") for t in range(len(tables))]
            model.add(sum(here) == taken[r])
            for t, table in enumerate(tables):
                joins[j, r, t] = here[t]
                for p in table:
                    meets.setdefault(p, []).append(here[t])
        for choices in meets.values():
            model.add_at_most_one(choices)
    for r, tables in enumerate(rounds):
        for t in range(len(tables)):
            model.add_at_most_one(joins[j, r, t] for j in range(extras))
    model.maximize(sum(taken))
    _hint(model, rounds, extras, taken, joins)
    solver = cpsat_solve(model, seconds=seconds, seed=seed)
    if solver is None:
        return None
    return [
        (
            r,
            tuple(
                next(t for t in range(len(tables)) if solver.value(joins[j, r, t]))
                for j in range(extras)
            ),
        )
        for r, tables in enumerate(rounds)
        if solver.value(taken[r])
    ]


def _hint(
    model: Any,
    rounds: Sequence[Sequence[Sequence[int]]],
    extras: int,
    taken: list[Any],
    joins: dict[tuple[int, int, int], Any],
) -> None:
    """Start from the greedy's plan: the search then only has to improve on it."""
    base = sum(len(t) for t in rounds[0])
    plan = dict(extras_plan_greedy(rounds, base, extras))
    for r, var in enumerate(taken):
        model.add_hint(var, r in plan)
    for (j, r, t), var in joins.items():
        model.add_hint(var, r in plan and plan[r][j] == t)
