"""The one way the offline searches run OR-Tools' CP-SAT (the optional extra ``.[schedules]``;
the site never imports this module)."""

from __future__ import annotations

from typing import Any


def cpsat_solve(model: Any, *, seconds: float, seed: int, workers: int = 1) -> Any | None:
    """The solver once it holds a solution of ``model``; ``None`` when the model is
    infeasible or the time ran out first."""
    from ortools.sat.python import cp_model  # optional extra, offline only

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return solver
