"""SCN records: reader/writer, checker error codes, renonc, replay, and fuzzing."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    DealRecord,
    InvalidRecordError,
    Seat,
    deal_record,
    replay_record,
    score_record,
)
from engine.cards import CODES
from tests.engine.helpers import example, random_deal


def _code(record: Any) -> str:
    with pytest.raises(InvalidRecordError) as info:
        score_record(record)
    assert info.value.detail and "\n" not in info.value.detail
    return info.value.code


def test_t27_a_record_may_stop_right_after_a_renonc() -> None:
    record = copy.deepcopy(example("renonc")["record"])
    record["play"] = record["play"][:2]
    result = score_record(record)
    assert result.end == "renonc" and result.loser == (Seat.C,)
    assert [r.to_json() for r in result.renonc] == [{"seat": "C", "play": 1}]
    assert result.points == (0, 0, 0, 0) and result.hejma is None


def test_t24_t26_renonc_overrides_the_points() -> None:
    result = score_record(example("renonc")["record"])
    assert result.points[1] == 17 and result.loser == (Seat.C,)


def test_every_error_code() -> None:
    played = example("played")["record"]
    assert _code(example("misdeal")["record"]) == "misdeal"
    assert _code(example("incomplete")["record"]) == "incomplete"
    bad_pass = copy.deepcopy(played)
    bad_pass["passes"]["A"] = ["AH", "8C", "KS"]  # AH was not dealt to A
    assert _code(bad_pass) == "pass"
    two_cards = copy.deepcopy(played)
    two_cards["passes"]["B"] = ["QD", "JH"]
    assert _code(two_cards) == "pass"
    not_held = copy.deepcopy(played)
    not_held["play"][0] = "AC"  # A leads, AC went to B in the pass
    assert _code(not_held) == "card"
    fmt = copy.deepcopy(played)
    fmt["play"][3] = "ZZ"
    assert _code(fmt) == "format"
    assert _code([]) == "format"
    assert _code({"dealer": "E"}) == "format"
    longer = copy.deepcopy(played)
    longer["play"].append("7H")
    assert _code(longer) == "format"
    early = example("early")["record"]
    stopped_late = copy.deepcopy(early)
    stopped_late["play"] = stopped_late["play"][:-1]  # 27 cards: mid-trick
    assert _code(stopped_late) == "incomplete"


def test_an_unjustified_pack_is_refused() -> None:
    record = copy.deepcopy(example("played")["record"])
    record["play"] = record["play"][:28]
    record["pack"] = {"seat": "B", "after": 28}
    assert _code(record) == "pack"
    record["pack"] = {"seat": "B", "after": 27}
    assert _code(record) == "format"


def test_an_early_end_record_under_no_early_end_is_incomplete() -> None:
    from engine import Ruleset

    with pytest.raises(InvalidRecordError) as info:
        score_record(example("early")["record"], Ruleset(early_end=False))
    assert info.value.code == "incomplete"


def test_a_record_may_go_on_after_17_and_is_then_scored_as_played() -> None:
    for seed in range(100):
        deal = random_deal(seed)
        result = deal.result()
        if result.end != "early":
            continue
        from engine import Ruleset

        full = random_deal(seed, Ruleset(early_end=False))
        record = deal_record(full)
        scored = score_record(record)
        assert scored.end == "played" and scored.loser == result.loser
        return
    pytest.fail("no early end found")


def test_replay_yields_every_state() -> None:
    record = example("played")["record"]
    states = list(replay_record(record))
    assert len(states) == 1 + 4 + 32
    assert states[0].phase == "pass" and states[-1].is_over()
    assert states[-1].result() == score_record(record)


def test_records_round_trip() -> None:
    for entry in ("played", "packed", "renonc"):
        record = example(entry)["record"]
        assert DealRecord.from_json(record).to_json() == record


# -- fuzzing --------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_junk_never_escapes_as_anything_but_an_invalid_record(data: Any) -> None:
    try:
        score_record(data)
    except InvalidRecordError as err:
        assert err.code == "format"


def _mutate(record: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    rec = copy.deepcopy(record)
    kind = data.draw(st.integers(0, 7))
    if kind == 0:
        key = data.draw(st.sampled_from(sorted(rec)))
        del rec[key]
    elif kind == 1:
        rec["dealer"] = data.draw(st.sampled_from(["A", "B", "C", "D", "E", 1, None]))
    elif kind in (2, 3) and rec["play"]:
        i = data.draw(st.integers(0, len(rec["play"]) - 1))
        rec["play"][i] = data.draw(st.sampled_from([*CODES, "XX", 7, None]))
    elif kind == 4 and rec["play"]:
        rec["play"] = rec["play"][: data.draw(st.integers(0, len(rec["play"])))]
    elif kind == 5:
        seat = data.draw(st.sampled_from("ABCD"))
        rec["hands"][seat][data.draw(st.integers(0, 7))] = data.draw(st.sampled_from(CODES))
    elif kind == 6:
        seat = data.draw(st.sampled_from("ABCD"))
        rec["passes"][seat] = data.draw(st.lists(st.sampled_from(CODES), max_size=4))
    else:
        rec["pack"] = data.draw(
            st.fixed_dictionaries(
                {"seat": st.sampled_from(["A", "B", "C", "D", "Q"]), "after": st.integers(0, 40)}
            )
        )
    return rec


@settings(max_examples=400, deadline=None)
@given(
    entry=st.sampled_from(["played", "early", "packed", "renonc", "tie_without_hejma"]),
    data=st.data(),
)
def test_slightly_corrupted_records_score_or_fail_with_a_code(entry: str, data: Any) -> None:
    record = _mutate(example(entry)["record"], data)
    try:
        result = score_record(record)
    except InvalidRecordError as err:
        assert err.code in {"format", "misdeal", "pass", "card", "incomplete", "pack"}
        json.dumps(err.as_json())
    else:
        assert result.loser
        json.dumps(result.to_json())
