"""The command line: score, tally, check, jargon, selfplay, bench, play."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.smoke.cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


@pytest.fixture
def session_file(tmp_path: Path) -> Path:
    code, text = run("selfplay", "--seed", "4", "--players", "5")
    assert code == 0
    path = tmp_path / "session.json"
    path.write_text(text)
    return path


def test_score_session(session_file: Path) -> None:
    code, text = run("score", str(session_file))
    data = json.loads(text)
    assert code == 0 and data["winner"] and data["tallies"][data["winner"]] == 0


def test_score_single_hand(session_file: Path, tmp_path: Path) -> None:
    session = json.loads(session_file.read_text())
    hand = {"participants": session["participants"], **session["hands"][0]}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    code, text = run("score", str(path))
    assert code == 0 and "changes" in json.loads(text)


def test_tally_prints_the_readout(session_file: Path) -> None:
    code, text = run("tally", str(session_file))
    assert code == 0 and text.startswith("Attention to tally.\n")
    assert len(text.strip().splitlines()) == 6
    code, spoken = run("tally", str(session_file), "--format", "spoken", "--hand", "1")
    assert code == 0 and " - " not in spoken
    code, data = run("tally", str(session_file), "--format", "json")
    assert json.loads(data)["lines"]


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["score", "/no/such/file"], "file"),
        (["frobnicate"], "usage"),
        (["bench", "--players", "9", "--games", "1"], "usage"),
        (["bench", "--games", "-3"], "usage"),
        (["tally", "x.json", "--hand", "-1"], "usage"),
    ],
)
def test_usage_errors_exit_2_with_one_json_line(argv: list[str], error: str) -> None:
    code, text = run(*argv)
    assert code == 2 and json.loads(text)["error"] == error and text.count("\n") == 1


def test_bad_json_and_bad_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert json.loads(run("score", str(bad))[1])["error"] == "format"
    bad.write_text(
        json.dumps(
            {
                "participants": ["A", "B", "C"],
                "first_dealer": "A",
                "hands": [{"stayed": ["A"], "tricks": {"A": 4}}],
            }
        )
    )
    code, text = run("score", str(bad))
    assert code == 1 and json.loads(text) == {
        "error": "tricks",
        "detail": "hand 1: tricks add up to 4, not 5",
    }
    code, text = run("check", str(bad))
    assert code == 1 and json.loads(text)["problems"][0]["error"] == "tricks"


def test_jargon_command() -> None:
    code, text = run("jargon", "the", "Queen", "of", "Hearts")
    assert code == 0 and [f["term"] for f in json.loads(text)] == ["queen", "hearts"]


def test_bench() -> None:
    code, text = run("bench", "--games", "5", "--seed", "1", "--bots", "heuristic,random")
    data = json.loads(text)
    assert code == 0 and sum(data["wins"].values()) + data["unfinished"] == 5


def test_play_in_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("bogus\nstay\n" + "quit\n"))
    code, text = run("play", "--seed", "1", "--players", "3")
    assert code == 0 and "Bye." in text and "not an action" in text


def test_python_dash_m_entry_point(session_file: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "engine.smoke", "tally", str(session_file)],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parents[3],
    )
    assert proc.returncode == 0 and proc.stdout.startswith("Attention to tally.")


@pytest.mark.parametrize(
    "content",
    [b"{", b"[" * 100_000, b"\xff\xfe", b'{"participants": [{}, [], "x"], "hands": []}', b"null"],
)
def test_bad_records_exit_1_with_one_json_line_never_a_traceback(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    for command in ("score", "check", "tally"):
        code, text = run(command, str(path))
        data = json.loads(text)
        assert text.count("\n") == 1
        assert "error" in data or data.get("valid") is False
        assert code in (1, 2)


def test_python_m_engine_game_smoke_bad_json_is_one_line_not_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "--game", "smoke", "score", "-"],
        input="{",
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).parents[3],
    )
    assert proc.returncode == 1 and proc.stderr == ""
    assert json.loads(proc.stdout)["error"] == "format" and proc.stdout.count("\n") == 1


def test_output_is_one_json_object_a_line(session_file: Path) -> None:
    code, text = run("score", str(session_file))
    assert code == 0 and text.count("\n") == 1 and json.loads(text)["winner"]


def test_play_does_not_show_the_bots_face_down_discards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("stay\n" * 40 + "quit\n"))
    code, text = run("play", "--seed", "3", "--players", "4", "--bots", "random")
    assert code == 0
    bot_lines = [line for line in text.splitlines() if line.startswith(("Jim:", "Bud:", "Whiz:"))]
    draws = [line.split(": ", 1)[1] for line in bot_lines if ": draw" in line]
    assert draws and all(d.split()[1].isdigit() and len(d.split()) == 2 for d in draws)


@pytest.mark.parametrize("command", ["score", "check", "tally", "play", "selfplay", "bench"])
def test_help_explains_the_records_and_the_exit_codes(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Exit status: 0 done; 1 invalid input" in text and "2 usage error" in text
    if command in ("score", "check", "tally"):
        assert "engine/RULES.md" in text and '"participants"' in text
