"""The table-size rule.

As many tables of the preferred size (four) as possible; the remainder goes
to tables of five, and a table of six only when fives cannot absorb it (6 and
11 players).  Tables are never under four.  Seven players cannot be seated at
tables of four to six at all: that field is refused unless the policy allows
a table of seven (``max_size=7``), which then is the single table.

>>> table_sizes(14)
(5, 5, 4)
>>> table_sizes(11)
(6, 5)
"""

from __future__ import annotations

from functools import cache

from .errors import FieldSizeError
from .model import TablePolicy


def table_sizes(players: int, policy: TablePolicy | None = None) -> tuple[int, ...]:
    """Table sizes for a field, largest first; raises :class:`FieldSizeError`."""
    policy = policy or TablePolicy()
    return _sizes(players, policy.preferred, policy.min_size, policy.max_size)


@cache
def _sizes(players: int, preferred: int, min_size: int, max_size: int) -> tuple[int, ...]:
    if min_size < 4 or max_size < min_size or not min_size <= preferred <= max_size:
        raise FieldSizeError(
            "Table sizes must be at least four, with the preferred size between the smallest "
            "and the largest.",
            params={"min": min_size, "max": max_size, "preferred": preferred},
        )
    if players < min_size:
        raise FieldSizeError(
            f"{players} players are too few: a table needs at least {min_size}.",
            params={"players": players, "min": min_size},
        )
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    # choose how many tables of each size; key: least oversize above five,
    # then most tables of the preferred size, then fewest other tables
    for combo in _combinations(players, min_size, max_size):
        oversize = sum(max(0, s - 5) for s in combo)
        key = (oversize, -combo.count(preferred), len(combo))
        if best is None or key < best[0]:
            best = (key, combo)
    if best is None:
        raise FieldSizeError(
            f"{players} players cannot be seated at tables of {min_size} to {max_size}.",
            params={"players": players, "min": min_size, "max": max_size},
        )
    return best[1]


def _combinations(players: int, low: int, high: int) -> list[tuple[int, ...]]:
    """All multisets of sizes in [low, high] summing to ``players``, largest first."""
    out: list[tuple[int, ...]] = []

    def walk(rest: int, top: int, acc: list[int]) -> None:
        if rest == 0:
            out.append(tuple(acc))
            return
        for size in range(min(top, rest), low - 1, -1):
            acc.append(size)
            walk(rest - size, size, acc)
            acc.pop()

    walk(players, high, [])
    return out
