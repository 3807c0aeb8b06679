from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections import Counter

import pytest

from tournaments.pairing.cli import main
from tournaments.pairing.designs import affine_gf4, binary_spread, construction
from tournaments.pairing.schedule import Schedule, repeat_free_bound, schedule_make

#: players -> (known maximum, repeat-free rounds of the built-in construction alone)
REACHED = {
    16: (5, 5),
    20: (5, 5),
    24: (7, 7),
    28: (9, 9),
    32: (10, 9),
    44: (14, 13),
    64: (21, 21),
    128: (42, 41),
}


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def first_repeat(rounds: list[list[list[int]]]) -> int | None:
    seen: set[tuple[int, int]] = set()
    for number, tables in enumerate(rounds, start=1):
        for t in tables:
            for p in itertools.combinations(sorted(t), 2):
                if p in seen:
                    return number
                seen.add(p)
    return None


@pytest.mark.parametrize("players", [16, 32, 64, 128])
def test_schedule_command_at_the_known_maximum(capsys, players: int) -> None:
    known = REACHED[players][0]  # the shipped catalogue reaches it (32, 128: beyond the built-ins)
    status, out, err = run_cli(
        capsys, "schedule", "--players", str(players), "--rounds", str(known), "--report"
    )
    assert status == 0 and err == ""
    data = json.loads(out)
    rounds = data["rounds"]
    assert len(rounds) == known
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(1, players + 1))
        assert all(len(t) == 4 for t in tables)
    assert first_repeat(rounds) is None
    assert data["report"]["repeat_free_rounds"] == known
    assert data["report"]["first_repeat_round"] is None


@pytest.mark.parametrize("players", sorted(REACHED))
def test_exact_constructions_are_repeat_free(players: int) -> None:
    found = construction(players)
    assert found is not None
    rounds = found[1]
    assert len(rounds) == REACHED[players][1]
    assert first_repeat(rounds) is None
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(players))


def test_affine_planes_reach_the_bound() -> None:
    assert len(affine_gf4(2)) == repeat_free_bound(16) == 5
    assert len(affine_gf4(3)) == repeat_free_bound(64) == 21
    assert len(binary_spread(7)) == 41


def test_report_lists_repeats_when_asked_past_the_bound(capsys) -> None:
    status, out, _ = run_cli(capsys, "schedule", "--players", "16", "--rounds", "6", "--report")
    report = json.loads(out)["report"]
    assert status == 0
    assert report["first_repeat_round"] == 6
    assert report["repeat_count"] == len(report["repeat_pairs"]) > 0
    assert all(pair["rounds"][-1] == 6 for pair in report["repeat_pairs"])


def test_schedule_for_a_field_with_tables_of_five(capsys) -> None:
    status, out, _ = run_cli(capsys, "schedule", "--players", "18", "--rounds", "3")
    rounds = json.loads(out)["rounds"]
    assert status == 0
    assert [sorted(len(t) for t in r) for r in rounds] == [[4, 4, 5, 5]] * 3


def test_seat_a_rotates_in_a_schedule() -> None:
    schedule = schedule_make(16, 4, seed=3)
    a_counts = Counter(t[0] for r in schedule.rounds for t in r)
    assert max(a_counts.values()) <= 2
    report = schedule.report()
    assert report.seat_a_max - report.seat_a_min <= 1


def test_schedule_is_reproducible_and_serialisable() -> None:
    first = schedule_make(30, 6, seed=5)
    assert first == schedule_make(30, 6, seed=5)
    assert Schedule.from_dict(json.loads(json.dumps(first.to_dict()))) == first
    assert schedule_make(30, 6, seed=6) != first


@pytest.mark.parametrize(
    "argv",
    [
        ["schedule", "--players", "3", "--rounds", "2"],
        ["schedule", "--players", "7", "--rounds", "2"],
        ["schedule", "--players", "16", "--rounds", "0"],
        ["schedule", "--players", "x", "--rounds", "2"],
        ["schedule", "--rounds", "2"],
        ["nonsense"],
    ],
)
def test_bad_arguments_give_one_line_and_non_zero_exit(capsys, argv: list[str]) -> None:
    try:
        status = main(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert status != 0
    assert out == ""
    assert err.startswith("error: ") and err.count("\n") == 1


def test_module_runs_as_a_command() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tournaments.pairing",
            "schedule",
            "--players",
            "64",
            "--rounds",
            "21",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert first_repeat(json.loads(done.stdout)["rounds"]) is None
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "tournaments.pairing",
            "schedule",
            "--players",
            "2",
            "--rounds",
            "1",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode != 0 and "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


def test_bench_prints_a_line_per_field(capsys) -> None:
    status, out, _ = run_cli(capsys, "bench", "--players", "16", "24")
    assert status == 0
    assert len(out.strip().splitlines()) == 3
