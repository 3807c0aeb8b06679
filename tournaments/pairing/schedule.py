"""Whole-schedule planning: all rounds of a long event drawn at once.

A repeat-free schedule can last at most ``floor((N - 1) / 3)`` rounds (every
round uses up at least three of a player's ``N - 1`` possible tablemates).
:func:`schedule_make` starts from the shipped design with most rounds
(:mod:`.schedules`: affine geometries, resolvable designs, cyclic bases,
transversal designs; for other fields, the design for the largest multiple
of four below, with the extra players added to tables), keeps its rounds
where they are already repeat-free, and fills or repairs the rest round by
round with the seeded local search of :mod:`.search`.  Seat A is balanced
over the whole schedule (:mod:`.schedules.seating`): each player deals
first as evenly as the tables allow.

>>> s = schedule_make(16, 5, seed=1)
>>> s.report().first_repeat_round is None
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .errors import InputError
from .history import pair
from .model import TablePolicy, Tables
from .schedules.catalogue import best_design, field_designs
from .schedules.extras import design_with_extras
from .schedules.seating import seat_schedule
from .search import anneal, split
from .seats import SeatLedger, seat_a_again
from .sizes import table_sizes

#: upper bound on local-search steps for a whole schedule (keeps it well under a second)
STEP_BUDGET = 120_000
#: rounds per schedule the CLI accepts
MAX_ROUNDS = 200


def repeat_free_bound(players: int) -> int:
    """``floor((N - 1) / 3)``: no schedule is repeat-free for longer."""
    return (players - 1) // 3


@dataclass(frozen=True)
class ScheduleReport:
    """Quality of a schedule: repeats and how evenly seat A went round."""

    repeats: tuple[tuple[int, int, tuple[int, ...]], ...]
    first_repeat_round: int | None
    repeat_free_rounds: int
    seat_a_min: int
    seat_a_max: int
    seat_a_again: int

    @property
    def repeat_count(self) -> int:
        """Extra meetings: a pair that met three times counts two."""
        return sum(len(rounds) - 1 for *_, rounds in self.repeats)

    def to_dict(self) -> dict[str, Any]:
        return {
            "repeat_count": self.repeat_count,
            "repeat_pairs": [
                {"a": a, "b": b, "rounds": list(rounds)} for a, b, rounds in self.repeats
            ],
            "first_repeat_round": self.first_repeat_round,
            "repeat_free_rounds": self.repeat_free_rounds,
            "position_balance": {
                "seat_a_min": self.seat_a_min,
                "seat_a_max": self.seat_a_max,
                "seat_a_again_before_everyone": self.seat_a_again,
            },
        }


@dataclass(frozen=True)
class Schedule:
    """All rounds of an event; players numbered 1..N, tables in seat order."""

    players: int
    rounds: tuple[Tables, ...]
    seed: int
    construction: str

    def report(self) -> ScheduleReport:
        met: dict[tuple[int, int], list[int]] = {}
        first: int | None = None
        ledger = SeatLedger()
        field_ids = range(1, self.players + 1)
        again = 0
        for number, tables in enumerate(self.rounds, start=1):
            for table in tables:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        rounds = met.setdefault(pair(p, q), [])
                        rounds.append(number)
                        if len(rounds) > 1 and first is None:
                            first = number
            again += len(seat_a_again(tables, ledger, field_ids))
            ledger.record(tables)
        a_counts = [ledger.a_count(p) for p in field_ids]
        repeats = tuple((a, b, tuple(r)) for (a, b), r in sorted(met.items()) if len(r) > 1)
        free = len(self.rounds) if first is None else first - 1
        return ScheduleReport(repeats, first, free, min(a_counts), max(a_counts), again)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seed": self.seed,
            "construction": self.construction,
            "rounds": [[list(t) for t in r] for r in self.rounds],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Schedule:
        rounds = tuple(tuple(tuple(int(p) for p in t) for t in r) for r in data["rounds"])
        return cls(int(data["players"]), rounds, int(data["seed"]), str(data["construction"]))


def _start_rounds(
    players: int, sizes: tuple[int, ...], seed: int
) -> tuple[str, list[list[list[int]]], int]:
    """Exact rounds to start from (0-based), how they were made, and how many are repeat-free.

    A field with a shipped design (:mod:`.schedules`) takes it; a field of
    ``4b + e`` players at ``e`` tables of five takes the design for ``4b``
    with the extras added (:func:`.schedules.extras.design_with_extras`), whichever of
    that field's designs keeps them repeat-free longest.
    """
    direct = best_design(players)
    options: list[tuple[str, list[list[list[int]]], int]] = []
    if direct is not None and sorted(len(t) for t in direct.rounds[0]) == sorted(sizes):
        options.append((direct.name, direct.as_lists(), len(direct.rounds)))
    extras = players % 4
    base = players - extras
    fits = len(sizes) == base // 4 and all(s in (4, 5) for s in sizes)
    for design in field_designs(base) if extras and fits else ():
        rounds, free = design_with_extras(design, extras, seed=seed)
        options.append((f"{design.name} for {base} players, {extras} added", rounds, free))
    if not options:
        return "local search", [], 0
    return max(options, key=lambda o: o[2])


def best_rounds(players: int, policy: TablePolicy | None = None) -> int:
    """Repeat-free rounds the shipped schedules reach for a field (at least one)."""
    sizes = table_sizes(players, policy)
    return max(1, _start_rounds(players, sizes, 0)[2])


def schedule_make(
    players: int, rounds: int, *, seed: int = 0, policy: TablePolicy | None = None
) -> Schedule:
    """Plan ``rounds`` rounds for ``players`` players (numbered 1..N)."""
    if rounds < 1 or rounds > MAX_ROUNDS:
        raise InputError(
            f"The number of rounds must be between 1 and {MAX_ROUNDS}.",
            params={"rounds": rounds},
        )
    sizes = table_sizes(players, policy)
    rng = random.Random(f"schedule:{players}:{rounds}:{seed}")
    name, start, _ = _start_rounds(players, sizes, seed)
    counts = [[0] * players for _ in range(players)]
    cost = [[0.0] * players for _ in range(players)]
    steps = max(200, min(300 * players, STEP_BUDGET // rounds))
    searched = False
    groups: list[list[list[int]]] = []
    for r in range(rounds):
        if r < len(start):
            tables = [list(t) for t in start[r]]
        else:
            order = list(range(players))
            rng.shuffle(order)
            tables = split(order, sizes)
        tables.sort(key=len, reverse=True)
        if any(cost[p][q] for t in tables for i, p in enumerate(t) for q in t[i + 1 :]):
            tables, _ = anneal(tables, cost, rng, steps=steps)
            searched = True
        for t in tables:
            for i, p in enumerate(t):
                for q in t[i + 1 :]:
                    counts[p][q] += 1
                    counts[q][p] += 1
                    cost[p][q] = cost[q][p] = float(counts[p][q] ** 2)
        groups.append(tables)
    if searched and name != "local search":
        name += " + local search"
    # number players from 1; seat A as evenly as possible over the whole schedule
    numbered = [[[p + 1 for p in t] for t in tables] for tables in groups]
    seated = seat_schedule(numbered, rng)
    return Schedule(players, tuple(seated), seed, name)
