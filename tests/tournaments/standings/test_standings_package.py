"""The package stays pure (no Django), its doctests hold, and the benchmark runs."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys

import pytest

import tournaments.standings
from tournaments.standings import bench

MODULES = sorted(
    m.name for m in pkgutil.iter_modules(tournaments.standings.__path__, "tournaments.standings.")
)


def test_importing_standings_loads_no_django() -> None:
    code = (
        "import sys, tournaments.standings, tournaments.standings.bench; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_every_exported_name_exists() -> None:
    for name in tournaments.standings.__all__:
        assert hasattr(tournaments.standings, name), name


def test_the_benchmark_runs_and_prints_timings(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--players", "50", "--rounds", "3", "--repeat", "2"])
    out = capsys.readouterr().out
    assert "50 players x 3 rounds = 150 game lines" in out
    assert "standings (cumulative, cut)" in out and " ms" in out


def test_dense_ranks_stay_exact_for_fractions_that_round_to_one_float() -> None:
    from fractions import Fraction

    from tournaments.standings.ranking import dense_ranks

    low = Fraction(1, 3)
    high = low + Fraction(1, 10**30)  # float(high) == float(low)
    assert float(low) == float(high)
    assert dense_ranks([high, low, low], higher_is_better=True) == [0, 1, 1]
    assert dense_ranks([high, low, low], higher_is_better=False) == [1, 0, 0]
