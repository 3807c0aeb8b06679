"""Seat positions: A to D (E, F at larger tables) by lot, balanced over rounds.

Within each table the player who has sat A least often gets A (ties by lot),
so nobody deals first again before everyone at the table has; the other seats
go to whoever has sat there least.  :class:`SeatLedger` keeps the counts.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

#: how much worse a second A is than any arrangement of the other seats
A_WEIGHT = 1000


@dataclass
class SeatLedger:
    """How often each player has sat in each position (index 0 is A)."""

    counts: dict[int, list[int]] = field(default_factory=dict)

    def of(self, player: int) -> list[int]:
        return self.counts.setdefault(player, [0] * 8)

    def record(self, tables: Iterable[Sequence[int]]) -> None:
        for table in tables:
            for position, player in enumerate(table):
                self.of(player)[position] += 1

    def a_count(self, player: int) -> int:
        return self.of(player)[0]


def seat_table(members: Sequence[int], ledger: SeatLedger, rng: random.Random) -> tuple[int, ...]:
    """Order one table's members into seats A, B, C...; ties drawn by lot."""
    shuffled = list(members)
    rng.shuffle(shuffled)
    best: tuple[int, ...] = tuple(shuffled)
    best_cost: int | None = None
    for order in itertools.permutations(shuffled):
        cost = A_WEIGHT * ledger.of(order[0])[0]
        cost += sum(ledger.of(p)[i] for i, p in enumerate(order) if i)
        if best_cost is None or cost < best_cost:
            best, best_cost = order, cost
    return best


def seat_round(
    groups: Sequence[Sequence[int]], ledger: SeatLedger, rng: random.Random
) -> tuple[tuple[int, ...], ...]:
    """Seat every table of a round (without recording it in the ledger)."""
    return tuple(seat_table(g, ledger, rng) for g in groups)


def seat_a_again(
    tables: Sequence[Sequence[int]], ledger: SeatLedger, field_ids: Iterable[int]
) -> list[int]:
    """Players at A in ``tables`` who had A before while someone in the field had not."""
    fewest = min((ledger.a_count(p) for p in field_ids), default=0)
    return [t[0] for t in tables if ledger.a_count(t[0]) > fewest]
