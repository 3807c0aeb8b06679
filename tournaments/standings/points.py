"""Ranking points by category and place, validated, split evenly on shared places.

Shared places split the points of the places they cover *exactly*: the sharers
each get the average, kept as a :class:`~fractions.Fraction` so that season sums
never drift (print with :func:`~.formatting.format_points`, which rounds half up
to one decimal). Places beyond the table earn 0.

>>> table = PointsTable("Classic", {1: 100, 2: 80, 3: 60, 4: 50})
>>> table.for_shared(2, 2)            # two players share 2nd: (80 + 60) / 2
Fraction(70, 1)
>>> table.for_shared(3, 3)            # (60 + 50 + 0) / 3
Fraction(110, 3)
>>> try:
...     PointsTable("Classic", {1: 100, 3: 60})
... except InvalidPointsTableError as error:
...     print(error)
points table 'Classic': places must run 1..3 without gaps; place 2 is missing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from .errors import InvalidPointsTableError
from .inputs import PlayerId


@dataclass(frozen=True, slots=True)
class PointsTable:
    """Points per place for one category (e.g. Classic, World Series): ``{1: 100, 2: 80}``.

    Refused with :class:`InvalidPointsTableError` unless places run 1..n without
    gaps, no value is negative and points never increase with the place.
    """

    category: str
    points: Mapping[int, int]

    def __post_init__(self) -> None:
        name = f"points table {self.category!r}"
        if not self.points:
            raise InvalidPointsTableError(f"{name}: the table is empty.")
        for place, value in self.points.items():
            if isinstance(place, bool) or not isinstance(place, int) or place < 1:
                raise InvalidPointsTableError(f"{name}: {place!r} is not a place (1, 2, 3, ...).")
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidPointsTableError(f"{name}: place {place} has {value!r}, not a number.")
            if value < 0:
                raise InvalidPointsTableError(
                    f"{name}: place {place} has negative points ({value})."
                )
        size = max(self.points)
        missing = [p for p in range(1, size + 1) if p not in self.points]
        if missing:
            listed = ", ".join(str(p) for p in missing)
            verb = "is" if len(missing) == 1 else "are"
            raise InvalidPointsTableError(
                f"{name}: places must run 1..{size} without gaps; place {listed} {verb} missing."
            )
        for place in range(2, size + 1):
            if self.points[place] > self.points[place - 1]:
                raise InvalidPointsTableError(
                    f"{name}: points must not increase with the place; place {place} has "
                    f"{self.points[place]} but place {place - 1} has {self.points[place - 1]}."
                )
        ordered = MappingProxyType({p: self.points[p] for p in range(1, size + 1)})
        object.__setattr__(self, "points", ordered)

    @property
    def size(self) -> int:
        """The last place that earns points (by the table; it may earn 0)."""
        return len(self.points)

    def for_place(self, place: int) -> int:
        """Points of one unshared place (0 beyond the table)."""
        return self.points.get(place, 0)

    def for_shared(self, place: int, count: int = 1) -> Fraction:
        """Points each of ``count`` players sharing ``place`` gets: the exact average."""
        if count < 1:
            raise InvalidPointsTableError(f"a shared place needs at least one player, not {count}.")
        covered = sum(self.for_place(p) for p in range(place, place + count))
        return Fraction(covered, count)


def points_award(
    places: Mapping[PlayerId, int | None], table: PointsTable
) -> dict[PlayerId, Fraction]:
    """Ranking points of placed players; players with an equal place share it.

    Players with no place (``None``: non-scoring) get no entry.
    """
    sharers = Counter(place for place in places.values() if place is not None)
    return {
        player: table.for_shared(place, sharers[place])
        for player, place in places.items()
        if place is not None
    }


def points_table_get(tables: Mapping[str, PointsTable], category: str) -> PointsTable:
    """The table of ``category``; a clear error when the federation has not set one."""
    try:
        return tables[category]
    except KeyError:
        known = ", ".join(sorted(tables)) or "none"
        raise InvalidPointsTableError(
            f"no points table for category {category!r} (tables exist for: {known})."
        ) from None
