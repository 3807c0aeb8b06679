"""Generic ranking: order by keys, group ties, number places with shared places.

Keys are turned into *dense ranks* per column (0 = best), so sorting compares
small ints rather than fractions, and a ranking is exact and stable.

>>> keys = rank_keys([([3, 5, 5, 1], True)])
>>> groups = rank_groups(keys, [("a",), ("b",), ("c",), ("d",)])
>>> groups
[[1, 2], [0], [3]]
>>> [(r.item, r.place, r.is_shared) for r in places_assign(groups)]
[(1, 1, True), (2, 1, True), (0, 3, False), (3, 4, False)]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from .errors import StandingsInternalError

T = TypeVar("T")

SortKey = tuple[int, ...]
Column = tuple[Sequence[Any], bool]
"""A column of values (hashable, mutually comparable) and whether higher is better."""


@dataclass(frozen=True, slots=True)
class Ranked(Generic[T]):
    """An item with its place (``None`` when it takes none) and whether the place is shared."""

    item: T
    place: int | None
    is_shared: bool


def _dense_fraction_ranks(values: Sequence[Fraction], higher_is_better: bool) -> list[int]:
    # Fraction hashing and comparison are slow in pure Python: key on the exact
    # (numerator, denominator) pair, sort by float, and re-sort exactly any run of
    # equal floats (distinct fractions that round to one float).
    pairs = [(v.numerator, v.denominator) for v in values]
    distinct = sorted(set(pairs), key=lambda p: p[0] / p[1])
    start = 0
    while start < len(distinct):
        end = start + 1
        first = distinct[start][0] / distinct[start][1]
        while end < len(distinct) and distinct[end][0] / distinct[end][1] == first:
            end += 1
        if end - start > 1:
            distinct[start:end] = sorted(distinct[start:end], key=lambda p: Fraction(*p))
        start = end
    if higher_is_better:
        distinct.reverse()
    index = {pair: rank for rank, pair in enumerate(distinct)}
    return [index[pair] for pair in pairs]


def dense_ranks(values: Sequence[Hashable], *, higher_is_better: bool) -> list[int]:
    """Each value's rank among the distinct values, 0 being the best.

    >>> dense_ranks([Fraction(1, 3), Fraction(1, 2), Fraction(1, 3)], higher_is_better=True)
    [1, 0, 1]
    """
    if values and all(type(v) is Fraction for v in values):
        return _dense_fraction_ranks(values, higher_is_better)  # type: ignore[arg-type]
    distinct = sorted(set(values), reverse=higher_is_better)  # type: ignore[type-var]
    index = {value: rank for rank, value in enumerate(distinct)}
    return [index[value] for value in values]


def _partial_ranks(
    values: Sequence[Hashable | None], higher_is_better: bool, prefixes: Sequence[SortKey]
) -> list[int]:
    # Items tied on every column before this one are ranked by it only when each of
    # them has a value; one unknown value leaves the whole tie to the next column.
    tied: dict[SortKey, list[int]] = {}
    for index, prefix in enumerate(prefixes):
        tied.setdefault(prefix, []).append(index)
    ranks = [0] * len(values)
    for members in tied.values():
        known = [values[i] for i in members]
        if any(value is None for value in known):
            continue
        ranks_of = dense_ranks(known, higher_is_better=higher_is_better)
        for i, rank in zip(members, ranks_of, strict=True):
            ranks[i] = rank
    return ranks


def rank_keys(columns: Sequence[Column]) -> list[SortKey]:
    """Per item, a tuple of dense ranks over ``columns`` (smaller is better).

    A value of ``None`` is unknown: that column then separates none of the items tied
    with it on the columns before.

    >>> rank_keys([([1, 1, 2], True), ([5, None, 3], False)])
    [(1, 0), (1, 0), (0, 0)]
    """
    if not columns:
        raise StandingsInternalError("rank_keys needs at least one column")
    size = len(columns[0][0])
    if any(len(values) != size for values, _ in columns):
        raise StandingsInternalError("rank_keys columns differ in length")
    ranked: list[list[int]] = []
    for values, higher in columns:
        if any(value is None for value in values):
            prefixes: list[SortKey] = list(zip(*ranked, strict=True)) if ranked else [()] * size
            ranked.append(_partial_ranks(values, higher, prefixes))
        else:
            ranked.append(dense_ranks(values, higher_is_better=higher))
    return list(zip(*ranked, strict=True))


def rank_groups(keys: Sequence[SortKey], display: Sequence[tuple[Any, ...]]) -> list[list[int]]:
    """Item indices ordered by key then display key, grouped where keys are equal.

    The display key (name, id) only orders the members of a tie for display;
    it never separates them.
    """
    order = sorted(range(len(keys)), key=lambda i: (keys[i], display[i]))
    groups: list[list[int]] = []
    previous: SortKey | None = None
    for i in order:
        key = keys[i]
        if groups and key == previous:
            groups[-1].append(i)
        else:
            groups.append([i])
            previous = key
    return groups


def _always(_: object) -> bool:
    return True


def places_assign(
    groups: Sequence[Sequence[T]],
    *,
    is_counted: Callable[[T], bool] = _always,
    open_groups: Collection[int] = (),
) -> list[Ranked[T]]:
    """Number places over ordered groups of tied items.

    A group's counted members share the place ``1 + counted items before it``; the
    next group's place skips accordingly ("3." twice, then "5."). Uncounted items
    (non-scoring substitutes, unclassified withdrawals) get no place and block none.
    A group listed in ``open_groups`` (a final still being played) gets no place
    yet but its counted members do block places.
    """
    result: list[Ranked[T]] = []
    before = 0
    for index, group in enumerate(groups):
        counted = sum(1 for item in group if is_counted(item))
        is_open = index in open_groups
        for item in group:
            if is_open or not is_counted(item):
                result.append(Ranked(item, None, False))
            else:
                result.append(Ranked(item, before + 1, counted > 1))
        before += counted
    return result
