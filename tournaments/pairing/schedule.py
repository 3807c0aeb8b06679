"""Whole-schedule planning: all rounds of a long event drawn at once.

A repeat-free schedule can last at most ``floor((N - 1) / 3)`` rounds (every
round uses up at least three of a player's ``N - 1`` possible tablemates).
:func:`schedule_make` starts from the best exact construction in
:mod:`.designs` (for other fields, the construction for the largest multiple
of four below, with the extra players added to tables), keeps its rounds
where they are already repeat-free, and fills or repairs the rest round by
round with the seeded local search of :mod:`.search`.  Seats rotate A so
that nobody deals first twice before everyone has (where the tables allow).

>>> s = schedule_make(16, 5, seed=1)
>>> s.report().first_repeat_round is None
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .designs import construction
from .errors import InputError
from .history import pair
from .model import TablePolicy, Tables
from .search import anneal, split
from .seats import SeatLedger, seat_a_again, seat_round
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


def _start_rounds(players: int, sizes: tuple[int, ...]) -> tuple[str, list[list[list[int]]]]:
    """Exact rounds to start from (0-based), padded with extra players if needed."""
    base = players - players % 4
    while base >= 16:
        found = construction(base)
        if found is not None and len(table_sizes(base)) == len(sizes):
            name, rounds = found
            extra = list(range(base, players))
            if extra:
                name += f" for {base} players, {len(extra)} added"
                for r_index, tables in enumerate(rounds):
                    for e_index, e in enumerate(extra):
                        tables[(r_index + e_index) % len(tables)].append(e)
            return name, rounds
        if players % 4 == 0:
            break
        base -= 4
    return "local search", []


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
    name, start = _start_rounds(players, sizes)
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
    # number players from 1, seat each round with A rotating
    ledger = SeatLedger()
    seated: list[Tables] = []
    for tables in groups:
        numbered = [[p + 1 for p in t] for t in tables]
        round_tables = seat_round(numbered, ledger, rng)
        ledger.record(round_tables)
        seated.append(round_tables)
    return Schedule(players, tuple(seated), seed, name)
