"""Extra players at tables of five: each keeps a place where the design allows it."""

from __future__ import annotations

import itertools

import pytest

from tournaments.pairing.schedule import best_rounds
from tournaments.pairing.schedules import mols
from tournaments.pairing.schedules.catalogue import (
    EXTRAS,
    CatalogueError,
    extras_plans,
    field_designs,
    raw_entries_by_field,
)
from tournaments.pairing.schedules.extras import (
    add_extras,
    design_with_extras,
    plan_checked,
    table_masks,
)


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


def _plan_masks(players: int) -> list[list[int]]:
    return table_masks(field_designs(players)[0].rounds)


def test_a_plan_where_an_extra_meets_someone_again_is_refused() -> None:
    masks = _plan_masks(40)
    # table 0 of round 0 and the table of round 1 that holds its first player share him
    first = (masks[0][0] & -masks[0][0]).bit_length() - 1
    again = next(t for t, m in enumerate(masks[1]) if m >> first & 1)
    with pytest.raises(CatalogueError, match="meets someone again in round 1"):
        plan_checked(masks, 1, [(0, (0,)), (1, (again,))])


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        ([(0, (0, 1)), (0, (2, 3))], "round 0 is not a new round"),
        ([(13, (0, 1))], "round 13 is not a new round"),
        ([(0, (4, 4))], "needs 2 different tables"),
        ([(0, (1,))], "needs 2 different tables"),
    ],
)
def test_a_plan_that_reuses_a_round_or_a_table_is_refused(
    plan: list[tuple[int, tuple[int, ...]]], message: str
) -> None:
    masks = _plan_masks(40)
    with pytest.raises(CatalogueError, match=message):
        plan_checked(masks, 2, plan)


SHIPPED_PLANS = [
    (players, name)
    for players, entries in raw_entries_by_field().items()
    for name in {str(e["design"]) for e in entries if e["kind"] == EXTRAS}
]


@pytest.mark.parametrize(("players", "name"), SHIPPED_PLANS)
def test_each_shipped_plan_keeps_its_extras_repeat_free_in_the_field_schedule(
    players: int, name: str
) -> None:
    extras = players % 4
    base = players - extras
    design = next(d for d in field_designs(base) if d.name == name)
    plan = extras_plans(players)[name]
    rounds, free = design_with_extras(design, extras)
    assert free >= len(plan)
    assert first_meeting_again(rounds[:free], range(base, players)) is None
    # the plan is why: the greedy alone stops sooner
    assert add_extras(design.rounds, base, extras)[1] < len(plan)
    assert best_rounds(players) >= len(plan)
