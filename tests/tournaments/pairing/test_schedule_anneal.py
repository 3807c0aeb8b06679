"""The offline annealer of base rounds kept by a map of order three (compiled C)."""

from __future__ import annotations

import shutil

import pytest

from tournaments.pairing.cyclic import conflicts, develop
from tournaments.pairing.schedules import orbit_anneal, verify
from tournaments.pairing.schedules.orbit_anneal import AnnealError, base_round
from tournaments.pairing.schedules.rotational import Symmetry

pytestmark = pytest.mark.skipif(
    shutil.which("cc") is None and shutil.which("gcc") is None, reason="needs a C compiler"
)

#: 60 players: Z_19 x Z_3 plus three, levels and fixed players turned, x -> 7x
TURN_60 = Symmetry(7, (1, 2, 0), (), (1, 2, 0))


def test_the_annealer_finds_a_base_round_kept_by_the_map() -> None:
    base = base_round(19, 3, 3, TURN_60, seed=0, seconds=60)
    assert base is not None
    assert conflicts(base, 19, 3) == 0
    tables = {frozenset(t) for t in base}
    for table in base:
        assert frozenset(TURN_60.image(p, 19, 3, 3) for p in table) in tables
    rounds = develop(base, 19, 3, 19)
    verify(60, [[list(t) for t in r] for r in rounds])  # 19 repeat-free rounds, the optimum


def test_a_seed_finds_the_same_base_round_again() -> None:
    first = base_round(19, 3, 3, TURN_60, seed=3, seconds=60)
    assert first is not None
    assert base_round(19, 3, 3, TURN_60, seed=3, seconds=60) == first


def test_a_run_out_of_time_returns_none() -> None:
    # 84 players need millions of moves; no time allows only the first few thousand
    assert base_round(27, 3, 3, Symmetry(10, (1, 2, 0), (), (1, 2, 0)), seconds=0) is None


def test_a_map_not_of_order_three_is_refused() -> None:
    with pytest.raises(AnnealError, match="order three"):
        base_round(19, 3, 3, Symmetry(7, (1, 0, 2), (), (1, 2, 0)), seconds=1)


def test_the_command_line_says_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    assert orbit_anneal.main(["19", "3", "3", "--levels", "1,2", "--fixed", "1,2,0"]) == 2
    assert "levels: one image per level" in capsys.readouterr().err
    assert orbit_anneal.main(["19", "3", "3", "--unit", "7", "--levels", "1,2,0",
                              "--fixed", "1,2,0", "--seconds", "60"]) == 0  # fmt: skip
    assert capsys.readouterr().out.startswith("60 players: [(")
