"""Scoring records: the short path (straight from JSON) and the full path always agree.

``check_record`` first replays a record object straight from its JSON values and falls
back to the full path (a parsed :class:`DealRecord`) at anything unusual; these tests
run the golden records on both paths, compare the two on thousands of damaged records,
and check the command line's direct JSON writer and its worker processes.
"""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

import pytest

import engine.scn
from engine import DealRecord, InvalidRecordError, Ruleset, deal_record, score_record
from engine.cli import result_text, score_lines
from engine.rules import DEFAULT_RULESET
from tests.engine.helpers import EXAMPLES, random_deal


def _outcome(record: Any, ruleset: Ruleset = DEFAULT_RULESET) -> object:
    try:
        return score_record(record, ruleset)
    except InvalidRecordError as err:
        return (err.code, err.detail)


def _full_path(record: Any, ruleset: Ruleset = DEFAULT_RULESET) -> object:
    try:
        return score_record(DealRecord.from_json(record), ruleset)
    except InvalidRecordError as err:
        return (err.code, err.detail)


@pytest.fixture(params=["short", "full"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test on the short path, and again with the short path switched off."""
    if request.param == "full":
        monkeypatch.setattr(engine.scn, "_replay_fast", lambda data, ruleset: None)
    return str(request.param)


@pytest.mark.parametrize("entry", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_golden_records_score_the_same_on_both_paths(entry: dict[str, Any], path: str) -> None:
    got = _outcome(copy.deepcopy(entry["record"]))
    if "error" in entry["result"]:
        assert isinstance(got, tuple) and got[0] == entry["result"]["error"]
    else:
        assert not isinstance(got, tuple) and got.to_json() == entry["result"]


def _damage(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    r = copy.deepcopy(record)
    kind = rng.randrange(12)
    seat = rng.choice("ABCD")
    if kind == 0 and r["play"]:
        i, j = rng.randrange(len(r["play"])), rng.randrange(len(r["play"]))
        r["play"][i], r["play"][j] = r["play"][j], r["play"][i]
    elif kind == 1:
        r["play"] = r["play"][: rng.randrange(len(r["play"]) + 1)]
    elif kind == 2:
        r["dealer"] = rng.choice(["A", "B", "C", "D", "E", 1, None, "AB"])
    elif kind == 3:
        r["pack"] = {"seat": seat, "after": rng.choice([len(r["play"]), 3, True, "x"])}
    elif kind == 4:
        r["hands"][seat][rng.randrange(8)] = rng.choice(["qs", "QS", "10H", "ZZ", 13, "AH"])
    elif kind == 5:
        r["passes"][seat] = r["passes"][seat][: rng.randrange(4)] + rng.choice([[], ["AH"]])
    elif kind == 6:
        r["play"].append(rng.choice(["AH", "7C", "QS", "XX"]))
    elif kind == 7:
        del r[rng.choice(["hands", "passes", "play", "dealer"])]
    elif kind == 8:
        r["hands"]["E"] = r["hands"].pop(seat)
    elif kind == 9:
        r["passes"][seat] = r["hands"][seat][:3]
    elif kind == 10:
        r["play"] = tuple(r["play"]) if rng.random() < 0.5 else {"x": 1}
    return r


def test_damaged_records_get_the_same_answer_on_both_paths() -> None:
    rng = random.Random(20)
    rulesets = [Ruleset(), Ruleset(early_end=False), Ruleset(tie_without_hejma="both")]
    errors = 0
    for seed in range(400):
        record = deal_record(random_deal(seed, pack_rate=0.02))
        for _ in range(5):
            damaged = _damage(record, rng)
            ruleset = rng.choice(rulesets)
            short, full = _outcome(damaged, ruleset), _full_path(damaged, ruleset)
            assert short == full, damaged
            errors += isinstance(short, tuple)
    assert errors > 200  # the damage was real


def test_result_text_is_the_json_of_the_result() -> None:
    seen = set()
    for entry in EXAMPLES:
        if "error" not in entry["result"]:
            result = score_record(entry["record"], Ruleset(tie_without_hejma="both"))
            assert result_text(result) == json.dumps(result.to_json(), ensure_ascii=False)
            seen.add(result.end)
    for seed in range(300):
        result = random_deal(seed, pack_rate=0.02).result()
        assert result_text(result) == json.dumps(result.to_json(), ensure_ascii=False)
        seen.add(result.end)
    assert seen == {"played", "early", "packed", "renonc"}


def test_score_lines_with_worker_processes_prints_the_same_lines_in_order() -> None:
    lines = [json.dumps(deal_record(random_deal(seed))) for seed in range(2500)]
    lines[7] = "junk"
    lines[2100] = "   "
    one, two = io.StringIO(), io.StringIO()
    assert score_lines(lines, DEFAULT_RULESET, one) == 1  # an invalid record among them
    assert score_lines(lines, DEFAULT_RULESET, two, jobs=2) == 1
    assert one.getvalue() == two.getvalue()
    out = one.getvalue().splitlines()
    assert len(out) == 2499 and json.loads(out[7])["error"] == "format"
    assert json.loads(out[0]) == random_deal(0).result().to_json()
