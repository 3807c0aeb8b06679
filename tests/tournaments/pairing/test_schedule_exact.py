"""The offline CP-SAT searches (needs the optional extra ``schedules``)."""

from __future__ import annotations

import pytest

from tournaments.pairing.schedules import lifted, orbits, verify
from tournaments.pairing.schedules.catalogue import field_designs
from tournaments.pairing.schedules.exact import starters_exact
from tournaments.pairing.schedules.extras import extras_plan_greedy, plan_checked, table_masks
from tournaments.pairing.schedules.extras_search import extras_plan

pytest.importorskip("ortools")  # exact.py imports it only when a search runs


@pytest.mark.parametrize("rotate", [False, True])
def test_orbit_starters_found_by_cp_sat_develop_into_the_optimum(rotate: bool) -> None:
    starters = starters_exact(13, seconds=30, rotate=rotate)
    assert starters is not None
    assert orbits.conflicts(13, starters) == 0
    rounds = orbits.develop(orbits.base_round(13, starters), 13)
    assert len(rounds) == 13
    verify(40, [[list(t) for t in r] for r in rounds])


def test_partner_swap_search_finds_a_small_schedule() -> None:
    rounds = lifted.search(8, 4, seconds=30)  # 16 players, partners never meeting
    assert rounds is not None
    verify(16, rounds)
    unfolded = lifted.unfold(16, lifted.halves(16, rounds))
    assert [sorted(map(sorted, r)) for r in unfolded] == [sorted(map(sorted, r)) for r in rounds]


def test_extras_plan_search_beats_the_greedy_and_passes_the_check() -> None:
    design = field_designs(40)[0]  # 42 players: the design for 40 with two extras
    greedy = extras_plan_greedy(design.rounds, 40, 2)
    plan = extras_plan(design.rounds, 2, seconds=60)
    assert plan is not None
    assert len(plan) > len(greedy)
    assert plan_checked(table_masks(design.rounds), 2, plan) == plan
