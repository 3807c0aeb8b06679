"""Extra players at tables of five: each keeps a place where the design allows it."""

from __future__ import annotations

import itertools

import pytest

from tournaments.pairing.schedules import mols
from tournaments.pairing.schedules.catalogue import field_designs
from tournaments.pairing.schedules.extras import add_extras


def first_meeting_again(rounds: list[list[list[int]]], extras: range) -> int | None:
    """The first round (1-based) in which an extra meets someone a second time."""
    met: set[tuple[int, int]] = set()
    for number, tables in enumerate(rounds, start=1):
        for t in tables:
            for e in extras:
                if e in t:
                    pairs = {(e, p) for p in t if p != e}
                    if pairs & met:
                        return number
                    met |= pairs
    return None


@pytest.mark.parametrize("n", [7, 11, 13, 25, 31])
def test_tables_at_one_place_are_disjoint_round_after_round(n: int) -> None:
    rounds = mols.resolvable_td(n)
    for place in range(n):
        tables = [set(tables[place]) for tables in rounds]
        assert all(not a & b for a, b in itertools.combinations(tables, 2)), place


def test_orders_without_a_fourth_square_keep_column_order() -> None:
    # 20 = 4 x 5 from squares of order 4 and 5: no fourth square is claimed
    assert mols.lanes(20) == [list(range(20)) for _ in range(20)]
    assert mols.lanes(13) != [list(range(13)) for _ in range(13)]


@pytest.mark.parametrize(("n", "extras"), [(11, 3), (13, 1), (25, 2), (31, 3)])
def test_extras_meet_everyone_once_over_a_transversal_design(n: int, extras: int) -> None:
    base = 4 * n
    rounds, free = add_extras(mols.resolvable_td(n), base, extras)
    # n rounds is the most: an extra meets four new players a round, 4n in all
    assert free == n
    assert first_meeting_again(rounds, range(base, base + extras)) is None
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(base + extras))
        assert sorted(len(t) for t in tables).count(5) == extras


def test_the_greedy_takes_over_where_places_repeat() -> None:
    # 24 players over Z_7 with three fixed players: a table at one place shares them
    design = field_designs(24)[0]
    rounds, free = add_extras(design.rounds, 24, 1)
    assert free == 6
    assert first_meeting_again(rounds[:free], range(24, 25)) is None
    assert first_meeting_again(rounds, range(24, 25)) == free + 1
