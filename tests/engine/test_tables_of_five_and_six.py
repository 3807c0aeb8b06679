"""Tables of five and six (RULES.md): who leads a deal whose dealer sits out, who deals after
a first loser who has left the table, and game records under every sit-out rule. The two
reproductions of the audit are here as records, scored by ``python -m engine score-game``."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from engine import table_rules
from engine.cli import main
from engine.gamerecord import FORMAT, SIT_OUT_RULES, replay_game
from engine.ledger import DealRecorded, LedgerSettings, PlackaMode, SitOutRule, replay
from tests.engine.helpers import example, redealt

PLAYED = example("played")["record"]  # dealt by D: its C loses with 26


def _record(seats: int, deals: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "word": "TONDA",
        "seats": [{"seat": s} for s in "ABCDEF"[:seats]],
        "deals": deals,
        **fields,
    }


def _score_game(record: dict[str, Any], capsys: Any, monkeypatch: Any) -> tuple[int, Any]:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(record)))
    status = main(["score-game"])
    return status, json.loads(capsys.readouterr().out)


def test_a_deal_dealt_by_a_seat_that_sits_out_is_accepted_under_one_record_dealer_only(
    capsys: Any, monkeypatch: Any
) -> None:
    """The audit's reproduction: five seats, A deals and sits out, a full SCN record. B
    leads, so the record (B C D E as its A-D) is dealt by its D (table seat E); under
    each of the other three record dealers another seat would lead (and lose)."""
    answers = {
        scn: _score_game(_record(5, [{"record": redealt(PLAYED, scn)}]), capsys, monkeypatch)
        for scn in "ABCD"
    }
    assert [scn for scn, (status, _out) in answers.items() if status == 0] == ["D"]
    assert answers["D"][1]["deals"][0]["losers"] == ["D"]  # the record's C is table seat D
    for scn in "ABC":
        status, out = answers[scn]
        assert status == 1
        assert out == {
            "error": "dealer",
            "detail": f"deal 1: record.dealer: A deals and B leads, so the record's dealer "
            f"is D, not {scn}",
        }


@pytest.mark.parametrize(
    ("rule", "first_loser", "sat_out", "scn_dealer"),
    [
        # A deals, A and F (its right) sit out: B leads, the record's dealer is E, its D.
        ("dealer", "C", ["A", "F"], "D"),
        # A deals, A and B (its left) sit out: C leads, the record's dealer is F, its D.
        ("dealer_and_left", "C", ["A", "B"], "D"),
        # Deal 2 under rotation: B and C sit out, D deals and plays (A D E F): D is its B.
        ("rotation", "D", ["B", "C"], "B"),
    ],
)
def test_at_six_only_the_record_dealer_that_makes_the_leader_lead_is_accepted(
    rule: str, first_loser: str, sat_out: list[str], scn_dealer: str
) -> None:
    first = {"losers": [first_loser]}
    deals = [first] if rule == "rotation" else []
    accepted = []
    for scn in "ABCD":
        deal = {"sat_out": sat_out, "record": redealt(PLAYED, scn)}
        try:
            replay_game(_record(6, [*deals, deal], sit_out_rule=rule))
        except ValueError as err:
            assert getattr(err, "code", None) == "dealer", err
        else:
            accepted.append(scn)
    assert accepted == [scn_dealer]


def test_the_leader_is_the_first_player_left_of_the_dealer_whoever_sits_out() -> None:
    assert table_rules.leader("A", "BCDE", "ABCDE") == "B"  # the dealer sits out
    assert table_rules.leader("D", "ADEF", "ABCDEF") == "E"  # the dealer plays (rotation)
    assert table_rules.leader("F", "ABCD", "ABCDEF") == "A"
    assert table_rules.record_dealer("A", "BCDE", "ABCDE") == "D"
    assert table_rules.record_dealer("D", "ADEF", "ABCDEF") == "B"


#: The audit's second reproduction: five seats, elimination, ties scored ``both``, word KO.
#: A deals (and sits out) deal 1, lost by C; C deals deal 2, lost by B and D; D deals
#: deal 3, lost by A; A deals deal 4, lost by C and E: C completes the word and leaves.
KO_DEALS: list[dict[str, Any]] = [
    {"losers": ["C"]},
    {"losers": ["B", "D"]},
    {"losers": ["A"]},
    {"dealer": "A", "losers": ["C", "E"]},
]


def _ko(deal_five: dict[str, Any]) -> dict[str, Any]:
    return _record(
        5,
        [*KO_DEALS, deal_five],
        word="KO",
        placka_mode="elimination",
        ruleset={"tie_without_hejma": "both"},
    )


def test_after_a_first_loser_who_left_the_next_seat_clockwise_from_it_deals(
    capsys: Any, monkeypatch: Any
) -> None:
    """RULES.md: C, the first loser clockwise from A's left, has left; the next seat
    clockwise from C still at the table is D (a loser or not), not the next loser E."""
    status, out = _score_game(_ko({"dealer": "D", "losers": ["B"]}), capsys, monkeypatch)
    assert status == 0, out
    assert out["deals"][3]["completed"] == ["C"] and out["deals"][3]["next_dealer"] == "D"
    assert out["deals"][4]["dealer"] == "D"
    status, out = _score_game(_ko({"dealer": "E", "losers": ["B"]}), capsys, monkeypatch)
    assert (status, out) == (
        1,
        {"error": "dealer", "detail": "deal 5: dealer: E dealt, but D deals"},
    )


def test_the_ledger_and_the_table_rules_give_the_same_next_dealer() -> None:
    settings = LedgerSettings(
        word=tuple("KO"),
        seats=5,
        placka_mode=PlackaMode.ELIMINATION,
        sit_out_rule=SitOutRule.DEALER,
    )
    events = [DealRecorded(str(n), tuple(deal["losers"])) for n, deal in enumerate(KO_DEALS)]
    state = replay(settings, events)
    assert state.next_deal is not None
    assert (state.active_seats, state.next_deal.dealer) == (("A", "B", "D", "E"), "D")
    assert table_rules.next_dealer("A", ["C", "E"], "ABCDE", active="ABDE") == "D"
    assert table_rules.next_dealer("A", ["E", "C"], "ABCDE", active="ABDE") == "D"


def test_a_record_may_name_every_sit_out_rule() -> None:
    assert set(SIT_OUT_RULES) == {rule.value for rule in SitOutRule}


def test_a_rotation_record_sits_out_seats_in_turn_whoever_deals() -> None:
    deals = [{"losers": ["C"]}, {"losers": ["C"]}, {"losers": ["D"]}, {"losers": ["A"]}]
    outcome = replay_game(_record(5, deals, sit_out_rule="rotation"))
    assert [d.dealer for d in outcome.deals] == ["A", "C", "C", "D"]
    assert [d.sat_out for d in outcome.deals] == [("A",), ("B",), ("C",), ("D",)]
    six = replay_game(_record(6, [deals[0], deals[2]], sit_out_rule="rotation"))
    assert [(d.dealer, d.sat_out) for d in six.deals] == [("A", ("A", "F")), ("C", ("B", "C"))]


def test_a_rotation_record_with_a_dealer_as_played_keeps_the_rotation() -> None:
    """A dealer the rules no longer name (``as_played``) does not move the rotation: deal 2
    still sits out B, the seat after A, not its dealer E."""
    deals = [{"losers": ["C"]}, {"dealer": "E", "as_played": True, "losers": ["C"]}]
    outcome = replay_game(_record(5, deals, sit_out_rule="rotation"))
    assert (outcome.deals[1].dealer, outcome.deals[1].sat_out) == ("E", ("B",))
    deals[1]["sat_out"] = ["B"]
    assert replay_game(_record(5, deals, sit_out_rule="rotation")).deals[1].sat_out == ("B",)
