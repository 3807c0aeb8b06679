"""Wilson's transversal designs, their squares, frames, the partner-swap rounds, four levels."""

from __future__ import annotations

import itertools

import pytest

from tournaments.pairing.schedules import best_design, frames, lifted, mols, negation, verify
from tournaments.pairing.schedules.catalogue import CatalogueError, raw_entries
from tournaments.pairing.schedules.wilson import check


def orthogonal(a: mols.Square, b: mols.Square) -> bool:
    n = len(a)
    return len({(a[x][y], b[x][y]) for x in range(n) for y in range(n)}) == n * n


def latin(a: mols.Square) -> bool:
    n = len(a)
    rows = all(sorted(r) == list(range(n)) for r in a)
    return rows and all(sorted(a[x][y] for x in range(n)) == list(range(n)) for y in range(n))


@pytest.mark.parametrize("n", [21, 24])
def test_wilson_gives_three_mols(n: int) -> None:
    assert check(5, n, mols.transversal(5, n))
    squares = mols.squares(n)
    assert len(squares) == 3 and all(latin(s) for s in squares)
    assert all(orthogonal(a, b) for a, b in itertools.combinations(squares, 2))


def test_check_refuses_a_pair_seen_twice() -> None:
    blocks = list(mols.transversal(5, 21))
    blocks[1] = blocks[0]
    assert not check(5, 21, blocks)


def test_no_three_mols_of_order_twelve_are_claimed() -> None:
    with pytest.raises(ValueError):
        mols.squares(12)


@pytest.mark.parametrize("n", [21, 24, 32])
def test_resolvable_td_is_a_schedule(n: int) -> None:
    rounds = mols.resolvable_td(n)
    assert len(rounds) == n
    verify(4 * n, rounds)
    # players of one group never meet: each group can play its own schedule
    for tables in rounds:
        assert all(len({p // n for p in t}) == 4 for t in tables)


def test_lifted_rounds_unfold_into_the_optimum_for_32() -> None:
    entry = next(e for e in raw_entries() if e["kind"] == "lifted")
    rounds = lifted.unfold(32, entry["rounds"])
    verify(32, rounds)
    assert len(rounds) == 10
    assert lifted.halves(32, rounds) == entry["rounds"]
    # partners never meet, everyone else exactly once
    met = {frozenset(p) for r in rounds for t in r for p in itertools.combinations(t, 2)}
    assert len(met) == 32 * 31 // 2 - 16
    assert all(frozenset((p, lifted.twin(32, p))) not in met for p in range(32))


def test_frame_of_type_3_5_is_found_and_checked() -> None:
    classes = frames.search_3_5()
    assert frames.is_frame(classes)
    broken = [[list(t) for t in c] for c in classes]
    broken[0][0][0], broken[0][1][0] = broken[0][1][0], broken[0][0][0]  # a pair seated twice
    assert not frames.is_frame(broken)
    assert not frames.is_frame(classes[:4])


def test_weighted_frame_filled_reaches_the_optimum_for_108() -> None:
    fill = best_design(24)
    assert fill is not None and len(fill.rounds) == 7
    rounds = frames.frame_rounds(frames.search_3_5(), 7, fill.as_lists())
    assert len(rounds) == 35 == (108 - 3) // 3
    verify(108, rounds)


def test_a_fill_without_groups_of_three_is_refused() -> None:
    fill = best_design(24)
    assert fill is not None
    with pytest.raises(ValueError):
        frames.frame_rounds(frames.search_3_5(), 7, fill.as_lists()[:6])
    rounds = fill.as_lists()
    rounds[6] = rounds[5]  # a round played twice: more players never meet
    with pytest.raises(ValueError):
        frames.frame_rounds(frames.search_3_5(), 7, rounds)


def every_pair_once(players: int, rounds: list[list[list[int]]]) -> bool:
    pairs = [frozenset(p) for r in rounds for t in r for p in itertools.combinations(t, 2)]
    return len(pairs) == len(set(pairs)) == players * (players - 1) // 2


@pytest.mark.parametrize("n", [7, 13])
def test_four_levels_kept_by_negation_give_a_resolvable_design(n: int) -> None:
    found = negation.search(n, seed=0, seconds=30)
    assert found is not None
    matches, transversals = found
    rounds = negation.rounds(n, matches, transversals)
    assert len(rounds) == (4 * n - 1) // 3
    verify(4 * n, rounds)
    assert every_pair_once(4 * n, rounds)


def test_a_transversal_that_repeats_a_class_is_caught() -> None:
    found = negation.search(7, seed=0, seconds=30)
    assert found is not None
    matches, transversals = found
    doubled = [transversals[0], transversals[0]]  # its class taken twice, another never
    with pytest.raises(CatalogueError):
        verify(28, negation.rounds(7, matches, doubled))


@pytest.mark.parametrize("n", [6, 9, 11, 1])
def test_four_levels_need_n_one_more_than_a_multiple_of_six(n: int) -> None:
    with pytest.raises(ValueError, match="n = 1"):
        negation.rounds(n, [], [])
    with pytest.raises(ValueError, match="n = 1"):
        negation.search(n, seconds=1)


def test_the_shipped_design_for_100_players_meets_everyone_once() -> None:
    design = best_design(100)
    assert design is not None and "negation" in design.name
    assert len(design.rounds) == 33
    assert every_pair_once(100, design.as_lists())


@pytest.mark.parametrize(
    ("players", "shape", "unit", "turn", "rounds"),
    [(44, (7, 6, 2), 2, 2, 14), (56, (18, 3, 2), 7, 1, 18)],
)
def test_base_rounds_found_under_a_map_are_kept_by_it(
    players: int, shape: tuple[int, int, int], unit: int, turn: int, rounds: int
) -> None:
    entry = next(e for e in raw_entries() if e["players"] == players and e["kind"] == "cyclic")
    m, k, _ = shape
    assert (entry["m"], entry["k"], entry["h"]) == shape

    def image(p: int) -> int:  # (x, r) -> (unit x, r + turn), the two fixed players kept
        if p >= m * k:
            return p
        r, x = divmod(p, m)
        return (r + turn) % k * m + unit * x % m

    for base in entry.get("bases", [entry.get("base")]):
        tables = {frozenset(t) for t in base}
        assert {frozenset(image(p) for p in t) for t in tables} == tables
    design = best_design(players)
    assert design is not None and len(design.rounds) == rounds == (players - 2) // 3
    verify(players, [[list(t) for t in r] for r in design.rounds])
