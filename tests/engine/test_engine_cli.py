"""The command line: score, score --lines, score-game, bench, match, smoke dispatch."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from tests.engine.helpers import EXAMPLES, example


def _run(
    argv: list[str], stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    return code, capsys.readouterr().out


def test_score_prints_the_result(capsys: Any, monkeypatch: Any) -> None:
    code, out = _run(["score"], json.dumps(example("played")["record"]), capsys, monkeypatch)
    assert code == 0 and json.loads(out) == example("played")["result"]


def test_score_reads_a_file(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(example("packed")["record"]))
    code, out = _run(["score", str(path)], "", capsys, monkeypatch)
    assert code == 0 and json.loads(out) == example("packed")["result"]
    code, out = _run(["score", str(tmp_path / "missing.json")], "", capsys, monkeypatch)
    assert code == 2 and json.loads(out)["error"] == "file"


@pytest.mark.parametrize("text", ["", "{", "[]", '{"dealer": "A"}', "\x00\x01", "null"])
def test_bad_input_gives_a_code_and_exit_1(text: str, capsys: Any, monkeypatch: Any) -> None:
    code, out = _run(["score"], text, capsys, monkeypatch)
    assert code == 1
    data = json.loads(out)
    assert data["error"] == "format" and "\n" not in data["detail"]


def test_score_lines_checks_many_records(capsys: Any, monkeypatch: Any) -> None:
    text = "".join(json.dumps(e["record"]) + "\n" for e in EXAMPLES) + "junk\n"
    code, out = _run(["score", "--lines"], text, capsys, monkeypatch)
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(lines) == len(EXAMPLES) + 1
    for entry, got in zip(EXAMPLES, lines, strict=False):
        if "error" in entry["result"]:
            assert got["error"] == entry["result"]["error"]
        else:
            assert got == entry["result"]
    assert lines[-1]["error"] == "format"


def test_rule_options(capsys: Any, monkeypatch: Any) -> None:
    record = json.dumps(example("tie_without_hejma")["record"])
    code, out = _run(["score", "--tie-without-hejma", "both"], record, capsys, monkeypatch)
    assert json.loads(out)["loser"] == ["A", "B"]
    code, out = _run(
        ["score", "--no-early-end"], json.dumps(example("early")["record"]), capsys, monkeypatch
    )
    assert code == 1 and json.loads(out)["error"] == "incomplete"
    code, out = _run(["score", "--rank-order", "mariash"], record, capsys, monkeypatch)
    assert code in (0, 1)


def test_score_game(capsys: Any, monkeypatch: Any) -> None:
    from tests.engine.test_engine_game import _finished_game

    game = _finished_game("KOS", 5)
    data = {"word": "KOS", "first_dealer": "A", "deals": game.records}
    code, out = _run(["score-game"], json.dumps(data), capsys, monkeypatch)
    result = json.loads(out)
    assert code == 0 and result["loser"] == [s.code for s in game.loser]
    assert len(result["deals"]) == len(game.records)


def test_match_and_bench(capsys: Any, monkeypatch: Any) -> None:
    code, out = _run(["match", "--deals", "200", "--seed", "3"], "", capsys, monkeypatch)
    data = json.loads(out)
    assert code == 0 and data["deals"] == 200 and data["bots"]["A"] == "heuristic"
    code, out = _run(["bench", "--seconds", "0.05"], "", capsys, monkeypatch)
    assert code == 0 and "deals/s" in out


def test_heuristic_bot_beats_random_bots() -> None:
    from engine import HeuristicBot, RandomBot, play_match

    result = play_match(
        [HeuristicBot(), RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)],
        deals=1000,
        seed=7,
    )
    assert result.loss_rate(0) < 0.15 < min(result.loss_rate(s) for s in (1, 2, 3))


def test_python_m_engine_and_smoke_dispatch() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "score"],
        input=json.dumps(example("early")["record"]),
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["end"] == "early"
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "--game", "smoke", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "Traceback" not in proc.stderr


def test_deals_writes_records_that_score_lines_checks_with_workers(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    code, out = _run(["deals", "--count", "30", "--seed", "4"], "", capsys, monkeypatch)
    assert code == 0 and len(out.splitlines()) == 30
    path = tmp_path / "deals.scn"
    path.write_text(out)
    code, one = _run(["score", "--lines", str(path)], "", capsys, monkeypatch)
    assert code == 0 and len(one.splitlines()) == 30
    assert all(set(json.loads(line)) >= {"points", "loser", "end"} for line in one.splitlines())
    code, two = _run(["score", "--lines", "--jobs", "2", str(path)], "", capsys, monkeypatch)
    assert code == 0 and two == one
    code, out = _run(["score", "--lines", str(tmp_path / "missing.scn")], "", capsys, monkeypatch)
    assert code == 2 and json.loads(out)["error"] == "file"


def test_bench_prints_every_figure_as_a_ratio_to_the_plain_playout(
    capsys: Any, monkeypatch: Any
) -> None:
    code, out = _run(["bench", "--seconds", "0.1"], "", capsys, monkeypatch)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("load average")
    names = [line[:15].strip() for line in lines[1:]]
    assert names == [
        "plain playout",
        "checked random",
        "random playout",
        "heuristic",
        "clone+apply",
        "records scored",
    ]
    assert all("x plain" in line for line in lines[2:])


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "--deals", "-3"],
        ["match", "--deals", "0"],
        ["deals", "--count", "-1"],
        ["bench", "--seconds", "nan"],
        ["analyse", "--samples", "0"],
        ["score", "--lines", "--jobs", "-2"],
        ["match", "nobot", "random", "random", "random", "--deals", "1"],
        ["frobnicate"],
        ["--game", "chess", "score"],
    ],
)
def test_usage_errors_exit_2_with_one_json_line(
    argv: list[str], capsys: Any, monkeypatch: Any
) -> None:
    code, out = _run(argv, "", capsys, monkeypatch)
    assert code == 2 and out.count("\n") == 1 and json.loads(out)["error"] == "usage"


def test_analyse_of_a_missing_file_or_bad_record_is_one_json_line(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    code, out = _run(["analyse", str(tmp_path / "missing.json")], "", capsys, monkeypatch)
    assert code == 2 and json.loads(out)["error"] == "file"
    for text in ("{", "[]", '{"dealer": "Z"}'):
        code, out = _run(["analyse"], text, capsys, monkeypatch)
        assert code == 1 and out.count("\n") == 1 and "error" in json.loads(out)


@pytest.mark.parametrize("command", ["score", "score-game", "analyse", "match", "deals", "play"])
def test_help_explains_the_record_format_and_the_exit_codes(
    command: str, capsys: Any, monkeypatch: Any
) -> None:
    code, out = _run([command, "--help"], "", capsys, monkeypatch)
    text = " ".join(out.split())
    assert code == 0 and "Exit status: 0 done; 1 invalid input" in text and "2 usage error" in text
    if command in ("score", "score-game", "analyse"):
        assert (
            "engine/RULES.md" in text
            and ('"word"' if command == "score-game" else '"dealer"') in text
        )


def test_both_games_print_one_json_object_a_line(capsys: Any, monkeypatch: Any) -> None:
    code, out = _run(["match", "--deals", "4"], "", capsys, monkeypatch)
    assert code == 0 and out.count("\n") == 1 and json.loads(out)["deals"] == 4
    code, out = _run(["--game", "smoke", "selfplay", "--seed", "2"], "", capsys, monkeypatch)
    assert code == 0 and out.count("\n") == 1 and json.loads(out)["hands"]
