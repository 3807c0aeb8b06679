"""``python -m engine.strength`` on the engine's command-line conventions (engine.console):
one JSON error line on standard output and exit 2 for a usage error, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def _strength(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.strength", *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["nobot"], "unknown bot 'nobot'"),
        (["heuristic", "search:-1"], "search:MS needs a budget"),
        (["--deals", "-5"], "--deals: -5 is not 1 or more"),
        (["--deals", "0"], "--deals: 0 is not 1 or more"),
        (["--seed", "x"], "--seed"),
    ],
)
def test_a_usage_error_is_one_json_line_and_exit_2_and_nothing_is_played(
    argv: list[str], says: str
) -> None:
    proc = _strength(*argv)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr == ""  # no traceback
    (line,) = proc.stdout.splitlines()  # no match was played before the refusal
    error = json.loads(line)
    assert error["error"] == "usage" and says in error["detail"]


def test_a_run_prints_one_json_line_a_bot_and_exits_0() -> None:
    proc = _strength("random", "heuristic", "--deals", "4")
    assert (proc.returncode, proc.stderr) == (0, "")
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [(line["bot"], line["deals"], sum(line["losses"]) >= 4) for line in lines] == [
        ("random", 4, True),
        ("heuristic", 4, True),
    ]


def test_help_names_the_exit_codes() -> None:
    proc = _strength("--help")
    assert proc.returncode == 0 and "Exit status: 0 done" in proc.stdout
