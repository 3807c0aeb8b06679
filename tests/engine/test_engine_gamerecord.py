"""Game records (RULES.md, "Game records"): replayed, checked and scored by the engine,
and by ``python -m engine score-game``."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest

from engine.cli import main
from engine.errors import InvalidRecordError
from engine.gamerecord import FORMAT, replay_game
from tests.engine.helpers import example


def _record(seats: int = 4, word: str = "TONDA", **fields: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "word": word,
        "seats": [{"seat": s, "player": f"P{s}"} for s in "ABCDEF"[:seats]],
        "deals": [],
        **fields,
    }


def _refused(record: dict[str, Any]) -> InvalidRecordError:
    with pytest.raises(InvalidRecordError) as exc:
        replay_game(record)
    return exc.value


def test_short_deals_give_letters_and_move_the_deal_to_the_loser() -> None:
    record = _record(word="KOS", deals=[{"losers": ["B"]}, {"losers": ["C"]}, {"losers": ["C"]}])
    outcome = replay_game(record)
    assert [d.dealer for d in outcome.deals] == ["A", "B", "C"]
    assert outcome.letters == {"A": 0, "B": 1, "C": 2, "D": 0}
    assert not outcome.finished and outcome.placings is None
    assert outcome.deals[-1].next_dealer == "C"


def test_the_game_ends_when_a_seat_completes_the_word() -> None:
    record = _record(word="KO", deals=[{"losers": ["B"]}, {"losers": ["B"]}])
    outcome = replay_game(record)
    assert outcome.finished and outcome.finish_reason == "placka"
    assert outcome.completed == ("B",) and outcome.deals[1].completed == ("B",)
    assert outcome.placings == {"A": 1, "B": 4, "C": 1, "D": 1}
    late = _refused({**record, "deals": [*record["deals"], {"losers": ["A"]}]})
    assert late.code == "game" and late.detail.startswith("deal 3:")


def test_a_second_misdeal_gives_the_dealer_a_letter_unless_waived() -> None:
    misdeals = [{"waived": False}, {"waived": False, "letter": True}]
    record = _record(deals=[{"misdeals": misdeals, "losers": ["C"]}])
    outcome = replay_game(record)
    assert outcome.letters == {"A": 1, "B": 0, "C": 1, "D": 0}
    assert [m.letter for m in outcome.deals[0].misdeals] == [False, True]
    waived = _record(deals=[{"misdeals": [{}, {"waived": True}], "losers": ["C"]}])
    assert replay_game(waived).letters["A"] == 0
    wrong = copy.deepcopy(record)
    wrong["deals"][0]["misdeals"][1]["letter"] = False
    err = _refused(wrong)
    assert (err.code, err.detail) == (
        "misdeal",
        "deal 1: misdeals[1].letter: the record says no letter, the rules give one",
    )


def test_a_misdeal_letter_that_completes_the_word_ends_the_game_before_the_deal() -> None:
    record = _record(word="KO", deals=[{"losers": ["B"]}, {"misdeals": [{}, {}]}])
    outcome = replay_game(record)
    assert outcome.finished and outcome.completed == ("B",)
    assert not outcome.deals[1].played and outcome.deals[1].completed == ("B",)
    record["deals"][1]["losers"] = ["C"]
    assert _refused(record).code == "game"


def test_rulings_and_their_effects() -> None:
    rulings = [
        {"kind": "B", "offender": "D", "penalty": "loses_deal", "reason": "revoke"},
        {"kind": "A", "offender": "B", "penalty": "extra_letter", "letters": 1},
    ]
    record = _record(deals=[{"losers": ["C"], "rulings": rulings}, {"losers": ["A"]}])
    outcome = replay_game(record)
    first = outcome.deals[0]
    assert first.recorded_losers == ("C",) and first.losers == ("D",)
    assert first.letters == {"D": 1, "B": 1} and first.next_dealer == "D"
    assert outcome.deals[1].dealer == "D"
    record["deals"][0]["rulings"][1]["letters"] = 2
    assert _refused(record).detail == "deal 1: rulings[1].letters: the ruling gives 1 letters"


def test_loss_of_the_game_and_disqualification() -> None:
    loses = [{"kind": "other", "offender": "C", "penalty": "loses_game"}]
    outcome = replay_game(_record(deals=[{"losers": ["A"], "rulings": loses}]))
    assert outcome.letters["C"] == 5 and outcome.completed == ("C",) and outcome.finished
    out = [{"kind": "B", "offender": "B", "penalty": "disqualification", "reason": "x"}]
    outcome = replay_game(_record(seats=5, deals=[{"losers": ["C"], "rulings": out}]))
    assert outcome.disqualified == ("B",) and not outcome.finished
    outcome = replay_game(_record(deals=[{"losers": ["C"], "rulings": out}]))
    assert outcome.finished and outcome.finish_reason == "fewer_than_four"
    assert "B" not in (outcome.placings or {})


@pytest.mark.parametrize(
    ("ruling", "code", "detail"),
    [
        ({"kind": "B", "offender": "G", "penalty": "extra_letter"}, "ruling", "offender"),
        ({"kind": "A", "offender": "B", "penalty": "ban"}, "ruling", "penalty"),
        ({"kind": "Z", "offender": "B", "penalty": "extra_letter"}, "format", "kind"),
        ({"kind": "B", "offender": "B", "penalty": "fine"}, "format", "penalty"),
        ({"kind": "B", "offender": "A", "penalty": "loses_deal"}, "ruling", "sat out"),
    ],
)
def test_bad_rulings_are_refused(ruling: dict[str, Any], code: str, detail: str) -> None:
    err = _refused(_record(seats=5, deals=[{"losers": ["C"], "rulings": [ruling]}]))
    assert err.code == code and err.detail.startswith("deal 1: rulings[0]") and detail in err.detail


def test_a_table_of_five_seats_out_the_dealer() -> None:
    record = _record(seats=5, deals=[{"losers": ["C"]}, {"losers": ["E"], "sat_out": ["C"]}])
    outcome = replay_game(record)
    assert [d.sat_out for d in outcome.deals] == [("A",), ("C",)]
    assert outcome.deals[1].players == ("A", "B", "D", "E")
    err = _refused(_record(seats=5, deals=[{"losers": ["A"]}]))
    assert (err.code, err.detail) == ("loser", "deal 1: losers: A did not play this deal")
    err = _refused(_record(seats=5, deals=[{"losers": ["B"], "sat_out": ["E"]}]))
    assert err.code == "sit_out" and err.detail.startswith("deal 1: sat_out: A sits out")


@pytest.mark.parametrize(("rule", "out"), [("dealer", ("A", "F")), ("dealer_and_left", ("A", "B"))])
def test_a_table_of_six_follows_the_sit_out_rule(rule: str, out: tuple[str, ...]) -> None:
    outcome = replay_game(_record(seats=6, sit_out_rule=rule, deals=[{"losers": ["C"]}]))
    assert outcome.deals[0].sat_out == out


def test_several_losers_the_first_clockwise_from_the_dealers_left_deals_next() -> None:
    both = {"tie_without_hejma": "both"}
    record = _record(ruleset=both, deals=[{"losers": ["A", "D"]}, {"losers": ["B"]}])
    outcome = replay_game(record)
    assert outcome.deals[0].next_dealer == "D" and outcome.deals[1].dealer == "D"
    err = _refused(_record(deals=[{"losers": ["A", "D"]}]))
    assert (err.code, err.detail) == (
        "loser",
        "deal 1: losers: under this ruleset a deal has one loser",
    )


def test_a_full_scn_deal_at_a_table_of_five_maps_the_four_players() -> None:
    played = example("played")
    deal = {"record": played["record"], "losers": ["D"]}
    # A deals and sits out: B C D E are the record's A B C D, B leads, so the record's
    # dealer is its D (table seat E, the dealer's right).
    outcome = replay_game(_record(seats=5, deals=[deal]))
    assert outcome.deals[0].losers == ("D",)  # the record's C is table seat D
    assert outcome.deals[0].points == {"B": 7, "C": 0, "D": 26, "E": 0}
    deal["losers"] = ["B"]
    assert _refused(_record(seats=5, deals=[deal])).code == "loser"


def test_a_full_scn_deal_must_be_dealt_by_the_table_dealer() -> None:
    record = _record(deals=[{"record": example("played")["record"]}])  # its dealer is D
    err = _refused(record)
    assert (err.code, err.detail) == (
        "dealer",
        "deal 1: record.dealer: A deals and B leads, so the record's dealer is A, not D",
    )
    record["first_dealer"] = "D"
    assert replay_game(record).deals[0].losers == ("C",)
    broken = copy.deepcopy(record)
    broken["deals"][0]["record"]["hands"]["A"] = broken["deals"][0]["record"]["hands"]["A"][:7]
    err = _refused(broken)
    assert err.code == "misdeal" and err.detail.startswith("deal 1: record:")


@pytest.mark.parametrize(
    ("change", "code", "where"),
    [
        ({"format": "scwu-game/9"}, "format", "format"),
        ({"word": ""}, "format", "word"),
        ({"seats": [{"seat": "A"}, {"seat": "B"}, {"seat": "C"}]}, "format", "seats"),
        ({"ruleset": {"rank_order": "spades"}}, "format", "ruleset"),
        ({"sit_out_rule": "in_turn"}, "format", "sit_out_rule"),
        ({"deals": [{"losers": ["B"], "dealer": "B"}]}, "dealer", "deal 1: dealer"),
        ({"deals": [{"losers": ["B"], "points": {"A": 20}}]}, "format", "deal 1: points"),
        (
            {"deals": [{"losers": ["B"], "points": {"A": 20, "B": 10, "C": 3, "D": 0}}]},
            "loser",
            "deal 1: losers: B does not have the most points",
        ),
        ({"deals": [{"misdeals": [{}]}, {"losers": ["B"]}]}, "format", "deal 1: losers"),
        ({"deals": [{"losers": []}]}, "format", "deal 1: losers"),
        ({"deals": [{"losers": ["B"]}], "result": {"letters": {"B": 2}}}, "result", "result"),
    ],
)
def test_inconsistencies_name_the_deal_and_the_field(
    change: dict[str, Any], code: str, where: str
) -> None:
    err = _refused({**_record(), **change})
    assert err.code == code and err.detail.startswith(where), err.detail


def test_a_stored_result_is_checked() -> None:
    record = _record(word="KO", deals=[{"losers": ["B"]}, {"losers": ["B"]}])
    record["result"] = replay_game(record).result_json()
    assert replay_game(record).completed == ("B",)
    record["result"]["placings"]["B"] = 1
    assert _refused(record).detail.startswith("result.placings: the deals give")


def _cli(argv: list[str], stdin: str, capsys: Any, monkeypatch: Any) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    return code, capsys.readouterr().out


def test_score_game_scores_a_physical_game_with_a_misdeal_letter(
    capsys: Any, monkeypatch: Any
) -> None:
    deals = [{"losers": ["B"]}, {"misdeals": [{}, {}], "losers": ["C"]}, {"losers": ["B"]}]
    code, out = _cli(
        ["score-game"], json.dumps(_record(word="KOS", deals=deals)), capsys, monkeypatch
    )
    result = json.loads(out)
    assert code == 0 and out.count("\n") == 1
    assert result["words"] == {"A": "", "B": "KOS", "C": "K", "D": ""}
    assert result["completed"] == ["B"] and result["placings"]["B"] == 4


def test_score_game_refuses_a_bad_record_in_one_line(capsys: Any, monkeypatch: Any) -> None:
    text = json.dumps(_record(deals=[{"losers": ["E"]}]))
    code, out = _cli(["score-game"], text, capsys, monkeypatch)
    assert code == 1 and out.count("\n") == 1
    assert json.loads(out) == {
        "error": "format",
        "detail": "deal 1: losers: E is not a seat at this table",
    }


def test_score_game_options_apply_to_a_record_without_a_ruleset(
    capsys: Any, monkeypatch: Any
) -> None:
    text = json.dumps(_record(deals=[{"losers": ["A", "D"]}]))
    code, out = _cli(["score-game", "--tie-without-hejma", "both"], text, capsys, monkeypatch)
    assert code == 0 and json.loads(out)["letters"] == {"A": 1, "B": 0, "C": 0, "D": 1}
    code, out = _cli(["score-game"], text, capsys, monkeypatch)
    assert code == 1 and json.loads(out)["error"] == "loser"


def test_facts_of_play_after_a_late_correction_need_as_played() -> None:
    # The rules say B deals deal 2; after a correction of deal 1 the table's C dealt it.
    deals = [{"losers": ["B"]}, {"dealer": "C", "sat_out": ["C"], "losers": ["D"]}]
    record = _record(seats=5, deals=deals)
    err = _refused(record)
    assert (err.code, err.detail) == ("dealer", "deal 2: dealer: C dealt, but B deals")
    record["deals"][1]["as_played"] = True
    outcome = replay_game(record)
    assert outcome.deals[1].dealer == "C" and outcome.deals[1].sat_out == ("C",)
    record["deals"][1]["sat_out"] = ["C", "D"]
    assert _refused(record).detail == "deal 2: sat_out: exactly 1 still at the table, not C, D"


def test_a_held_deal_counts_its_misdeals_and_nothing_else() -> None:
    held = {"held": True, "as_played": True, "misdeals": [{}, {"letter": True}]}
    record = _record(deals=[{"losers": ["B"]}, held, {"losers": ["C"]}])
    outcome = replay_game(record)
    assert not outcome.deals[1].played and outcome.deals[1].letters == {"B": 1}
    assert outcome.deals[2].dealer == "B" and outcome.letters == {"A": 0, "B": 2, "C": 1, "D": 0}
    record["deals"][1]["losers"] = ["A"]
    assert _refused(record).detail == "deal 2: held: a held deal has no losers and no record"
