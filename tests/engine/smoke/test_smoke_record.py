"""Records of hands and sessions: round trip, replay, checker codes."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from engine.smoke.bots import HeuristicBot, RandomBot, play_session
from engine.smoke.errors import RecordError
from engine.smoke.record import hand_from_dict, hand_to_dict, replay
from engine.smoke.sessions import (
    check_record,
    score_hand,
    score_session,
    sheet_from_dict,
    sheet_to_dict,
)

NAMES = ["Jim", "Bud", "Whiz", "Tom"]


def session(seed: int = 11) -> tuple[Any, Any]:
    rng = random.Random(seed)
    bots = [HeuristicBot(), RandomBot(random.Random(seed)), HeuristicBot(), HeuristicBot()]
    return play_session(bots, NAMES, rng=rng)


def session_dict(seed: int = 11) -> dict[str, Any]:
    _, records = session(seed)
    return {
        "participants": NAMES,
        "first_dealer": "Jim",
        "hands": [hand_to_dict(r, with_participants=False) for r in records],
    }


@pytest.mark.parametrize("seed", range(8))
def test_hand_record_round_trips(seed: int) -> None:
    _, records = session(seed)
    for record in records:
        data = json.loads(json.dumps(hand_to_dict(record)))
        assert hand_from_dict(data) == record
        assert hand_to_dict(hand_from_dict(data)) == data


@pytest.mark.parametrize("seed", range(8))
def test_session_replays_to_the_same_tallies(seed: int) -> None:
    sheet, _ = session(seed)
    data = session_dict(seed)
    replayed = sheet_from_dict(json.loads(json.dumps(data)))
    assert replayed.tallies() == sheet.tallies() and replayed.winner == sheet.winner
    entries = sheet_to_dict(replayed)
    assert sheet_from_dict(entries).tallies() == sheet.tallies()
    assert check_record(data) == []


def test_score_hand_reports_tricks_and_next_dealer() -> None:
    _, records = session()
    result = score_hand(hand_to_dict(records[0]))
    assert sum(result["tricks"].values()) == 5 or result["void"]
    assert result["reader"] == (result["first_trick"] or result["dealer"])
    assert len(result["tricks_played"]) in (0, 5)
    json.dumps(result)


def test_score_session_gives_winner_and_readout() -> None:
    result = score_session(session_dict())
    assert result["winner"] and result["tallies"][result["winner"]] == 0
    assert result["readout"]["text"].startswith("Attention to tally.")


def _first_played(data: dict[str, Any]) -> dict[str, Any]:
    return next(h for h in data["hands"] if h["play"])


@pytest.mark.parametrize(
    ("mutate", "code"),
    [
        (lambda h: h.update(deal={**h["deal"], "Jim": ["ZZ", *h["deal"]["Jim"][1:]]}), "card"),
        (lambda h: h.update(deal={**h["deal"], "Jim": h["deal"]["Jim"][:4]}), "deal"),
        (lambda h: h.update(smoke=h["deal"]["Jim"][0]), "deal"),
        (lambda h: h.update(play=h["play"][:-1]), "play"),
        (lambda h: h.update(play=[*h["play"], h["play"][0]]), "play"),
        (lambda h: h["draws"].reverse(), "draw"),
        (lambda h: h.pop("draws"), "format"),
        (lambda h: h.update(dealer="Zed"), "participant"),
        (lambda h: h.update(infractions=[{"who": "Zed", "what": "x"}]), "participant"),
    ],
)
def test_checker_codes(mutate: Any, code: str) -> None:
    data = session_dict()
    hand = _first_played(data)
    bad = copy.deepcopy(hand)
    mutate(bad)
    data["hands"][data["hands"].index(hand)] = bad
    problems = check_record(data)
    assert problems and problems[0]["error"] == code, problems


def test_swapped_first_two_cards_is_a_renege_not_an_error() -> None:
    _, records = session()
    data = hand_to_dict(next(r for r in records if len(r.play) == 5 * 4))
    data["play"][0], data["play"][1] = data["play"][1], data["play"][0]
    problems = check_record(data)
    assert problems == [] or problems[0]["error"] == "play"


def test_a_recorded_infraction_costs_five() -> None:
    _, records = session()
    data = hand_to_dict(records[0])
    plain = score_hand(data)
    data["infractions"] = [{"who": "Tom", "what": "said hearts"}]
    assert score_hand(data)["changes"]["Tom"] == plain["changes"]["Tom"] + 5


def test_sitting_a_third_time_in_a_hand_record() -> None:
    _, records = session()
    data = hand_to_dict(records[0])
    sitter = next((d["who"] for d in data["draws"] if d["action"] == "sit"), None)
    if sitter is None:
        pytest.skip("nobody sat")
    data["sits"] = {n: 2 if n == sitter else 0 for n in NAMES}
    assert check_record(data)[0]["error"] == "mustie"


def test_not_json_is_a_format_error() -> None:
    from engine.smoke.record import read_json

    with pytest.raises(RecordError) as err:
        read_json("{nope")
    assert err.value.code == "format"


def test_replay_rejects_a_drawn_card_already_dealt() -> None:
    _, records = session()
    data = hand_to_dict(records[0])
    drawer = next((d for d in data["draws"] if d.get("drawn")), None)
    if drawer is None:
        pytest.skip("nobody drew")
    other = next(n for n in NAMES if n != drawer["who"])
    drawer["drawn"][0] = data["deal"][other][0]
    with pytest.raises(RecordError) as err:
        replay(hand_from_dict(data))
    assert err.value.code == "draw"
