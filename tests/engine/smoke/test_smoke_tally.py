"""The tally sheet and the readout (SM-6, SM-7, SM-13..SM-16; scenarios S1-S6, S11)."""

from __future__ import annotations

import pytest

from engine.smoke.errors import TallyError
from engine.smoke.readout import TallyLine, number_words
from engine.smoke.tally import TallySheet

NAMES = ["Jim", "Bud", "Whiz", "Tom", "Puresome"]
SEED_LINES = [
    "Jim - 6 coming down",
    "Bud - One sit",
    "Whiz - 9 had two sets, is a mustie",
    "Tom - 2 in the box",
    "Puresome - 14, never, never land",
]


def sheet() -> TallySheet:
    return TallySheet(NAMES, first_dealer="Jim")


@pytest.mark.parametrize("line", SEED_LINES)
def test_seed_readout_lines_read_and_write_back_exactly(line: str) -> None:
    # the one correction: the seeds' "had two sets" is read as "sits" (default 13)
    assert TallyLine.parse(line).text == line.replace("sets", "sits")


def test_seed_readout_lines_as_data() -> None:
    jim, bud, whiz, tom, puresome = (TallyLine.parse(line) for line in SEED_LINES)
    assert (jim.tally, jim.trend) == (6, "coming down")
    assert (bud.tally, bud.sits) == (None, 1)
    assert (whiz.tally, whiz.sits, whiz.mustie) == (9, 2, True)
    assert (tom.tally, tom.in_box) == (2, True)
    assert (puresome.tally, puresome.never_land) == (14, True)


def test_seed_lines_built_from_data_match_the_text() -> None:
    assert TallyLine("Jim", 6, "coming down").text == "Jim - 6 coming down"
    assert TallyLine("Bud", sits=1).text == "Bud - One sit"
    assert TallyLine("Whiz", 9, sits=2, mustie=True).text == "Whiz - 9 had two sits, is a mustie"
    assert TallyLine("Tom", 2, in_box=True).text == "Tom - 2 in the box"
    assert TallyLine("Puresome", 14, never_land=True).text == "Puresome - 14, never, never land"


def test_spoken_version_spells_numbers_and_drops_dashes() -> None:
    line = TallyLine("Puresome", 14, "going up", never_land=True)
    assert line.spoken == "Puresome, fourteen, going up, never never land."
    assert number_words(0) == "zero" and number_words(21) == "twenty-one"


def test_the_seed_table_played_out() -> None:
    """Jim 6 coming down, Bud one sit, Whiz 9 and a mustie, Tom 2 in the box,
    Puresome 14 in never never land, from a real sequence of hands."""
    s = sheet()
    s.record_hand(
        stayed=["Jim", "Whiz", "Tom", "Puresome"],
        tricks={"Jim": 2, "Whiz": 1, "Tom": 2},
        first_trick="Jim",
    )
    s.record_hand(
        stayed=["Jim", "Bud", "Tom", "Puresome"],
        tricks={"Jim": 1, "Bud": 1, "Tom": 3},
        first_trick="Tom",
    )
    s.record_hand(
        stayed=["Jim", "Tom", "Puresome"],
        tricks={"Jim": 1, "Tom": 3, "Puresome": 1},
        first_trick="Tom",
    )
    assert s.tallies() == {"Jim": 6, "Bud": 9, "Whiz": 9, "Tom": 2, "Puresome": 19}
    text = s.readout().text.splitlines()
    assert text == [
        "Attention to tally.",
        "Puresome - 19 coming down, never, never land",
        "Jim - 6 coming down",
        "Bud - 9 steady, had one sit",
        "Whiz - 9 steady, had two sits, is a mustie",
        "Tom - 2 coming down, in the box",
    ]
    assert s.readout().as_dict()["lines"][3]["mustie"] is True
    assert s.must_play() == ["Whiz", "Tom"]


def test_s1_stayer_with_no_trick_goes_up_five() -> None:
    s = sheet()
    result = s.record_hand(stayed=["Jim", "Bud"], tricks={"Jim": 5}, first_trick="Jim")
    assert s.tallies()["Bud"] == 15
    assert {x.name: x.trend for x in result.standings}["Bud"] == "going up"


def test_s2_three_tricks_come_down_three() -> None:
    s = sheet()
    s.record_hand(stayed=["Jim", "Bud"], tricks={"Jim": 3, "Bud": 2}, first_trick="Bud")
    assert s.tallies()["Jim"] == 7 and s.readout().lines[-1].trend == "coming down"


def test_s3_two_sits_make_a_mustie_who_cannot_sit_a_third_time() -> None:
    s = sheet()
    for took in (3, 2):
        s.record_hand(
            stayed=["Jim", "Bud", "Tom", "Puresome"],
            tricks={"Jim": took, "Bud": 5 - took},
            first_trick="Jim",
        )
    assert s.sits()["Whiz"] == 2 and not s.can_sit("Whiz")
    with pytest.raises(TallyError) as err:
        s.record_hand(stayed=["Jim", "Bud"], tricks={"Jim": 5}, first_trick="Jim")
    assert err.value.code == "mustie" and "Whiz" in str(err.value)


ALL = ["Jim", "Bud", "Tom"]


def _to_three() -> TallySheet:
    s = TallySheet(ALL, first_dealer="Jim")
    s.record_hand(stayed=ALL, tricks={"Jim": 5}, first_trick="Jim")
    s.record_hand(stayed=ALL, tricks={"Jim": 2, "Bud": 3}, first_trick="Jim")
    return s


def test_s4_at_three_one_trick_puts_him_in_the_box() -> None:
    s = _to_three()
    assert s.tallies()["Jim"] == 3
    s.record_hand(stayed=ALL, tricks={"Jim": 1, "Bud": 4}, first_trick="Jim")
    assert s.tallies()["Jim"] == 2 and s.readout().lines[-1].in_box
    with pytest.raises(TallyError) as err:
        s.record_hand(stayed=["Bud", "Tom"], tricks={"Bud": 5}, first_trick="Bud")
    assert err.value.code == "in_the_box"


def test_s5_in_the_box_takes_none_and_climbs_out() -> None:
    s = _to_three()
    s.record_hand(stayed=ALL, tricks={"Jim": 1, "Bud": 4}, first_trick="Jim")
    s.record_hand(stayed=ALL, tricks={"Bud": 5}, first_trick="Bud")
    assert s.tallies()["Jim"] == 7 and s.can_sit("Jim")


def test_s6_at_two_two_tricks_win_and_end_the_session() -> None:
    s = _to_three()
    s.record_hand(stayed=ALL, tricks={"Jim": 1, "Bud": 4}, first_trick="Jim")
    result = s.record_hand(stayed=ALL, tricks={"Jim": 2, "Bud": 3}, first_trick="Jim")
    assert result.winner == "Jim" and s.is_over() and s.tallies()["Jim"] == 0
    with pytest.raises(TallyError) as err:
        s.record_hand(stayed=ALL, tricks={"Jim": 5})
    assert err.value.code == "over"


def test_s6_tally_floors_at_zero() -> None:
    s = _to_three()
    s.record_hand(stayed=ALL, tricks={"Jim": 2, "Bud": 3}, first_trick="Jim")
    s.record_hand(stayed=ALL, tricks={"Jim": 3, "Bud": 2}, first_trick="Jim")
    assert s.tallies()["Jim"] == 0 and s.winner == "Jim"
    assert s.readout().lines[-1].text == "Jim - 0 coming down, wins"


def test_tie_at_zero() -> None:
    s = TallySheet(["Jim", "Bud", "Tom"], first_dealer="Jim")
    s.record_hand(stayed=["Jim", "Bud", "Tom"], tricks={"Jim": 4, "Bud": 1}, first_trick="Jim")
    s.record_hand(stayed=["Jim", "Bud", "Tom"], tricks={"Jim": 4, "Bud": 1}, first_trick="Jim")
    s.record_hand(stayed=["Jim", "Bud", "Tom"], tricks={"Bud": 5}, first_trick="Bud")
    assert s.tallies() == {"Jim": 7, "Bud": 3, "Tom": 25}
    s.record_hand(stayed=["Jim", "Bud", "Tom"], tricks={"Jim": 4, "Bud": 1}, first_trick="Jim")
    assert s.tallies() == {"Jim": 3, "Bud": 2, "Tom": 30}
    kwargs = {"stayed": ["Jim", "Bud", "Tom"], "tricks": {"Jim": 3, "Bud": 2}, "first_trick": "Bud"}
    with pytest.raises(TallyError) as err:
        s.record_hand(**kwargs)  # type: ignore[arg-type]
    assert err.value.code == "tie" and "first_out" in str(err.value)
    with pytest.raises(TallyError):
        s.record_hand(**kwargs, first_out="Tom")  # type: ignore[arg-type]
    assert s.record_hand(**kwargs, first_out="Bud").winner == "Bud"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "code", "words"),
    [
        ({"stayed": ["Jim", "Bud"], "tricks": {"Jim": 3, "Bud": 1}}, "tricks", "add up to 4"),
        ({"stayed": ["Jim"], "tricks": {"Jim": 4, "Bud": 1}}, "tricks", "Bud sat out"),
        ({"stayed": ["Jim", "Jim"], "tricks": {"Jim": 5}}, "stayed", "twice"),
        ({"stayed": ["Jim", "Zed"], "tricks": {"Jim": 5}}, "participant", "Zed"),
        ({"stayed": ["Jim"], "tricks": {"Jim": -1}}, "tricks", "whole number"),
        ({"stayed": ["Jim", "Bud"], "tricks": {"Jim": 3, "Bud": 2}}, "first_trick", "first"),
        (
            {"stayed": ["Jim", "Bud"], "tricks": {"Jim": 5}, "first_trick": "Bud"},
            "first_trick",
            "took no trick",
        ),
        ({"stayed": ["Jim"], "tricks": {"Jim": 5}, "dealer": "Tom"}, "dealer", "Jim deals"),
        (
            {"stayed": ["Jim"], "tricks": {"Jim": 5}, "infractions": [("Zed", "x")]},
            "participant",
            "Zed",
        ),
    ],
)
def test_invalid_hands_are_refused_with_a_clear_message(
    kwargs: dict[str, object], code: str, words: str
) -> None:
    with pytest.raises(TallyError) as err:
        sheet().record_hand(**kwargs)  # type: ignore[arg-type]
    assert err.value.code == code and words in str(err.value)
    assert isinstance(err.value, ValueError)


def test_infraction_costs_five_even_for_a_sitter() -> None:
    s = sheet()
    s.record_hand(
        stayed=["Jim", "Bud"],
        tricks={"Jim": 5},
        first_trick="Jim",
        infractions=[("Tom", "said hearts"), ("Jim", "exposed ticket")],
    )
    assert s.tallies() == {"Jim": 10, "Bud": 15, "Whiz": 10, "Tom": 15, "Puresome": 10}


def test_s11_first_trick_taker_deals_next_and_reads_from_his_left() -> None:
    s = sheet()
    s.record_hand(stayed=["Jim", "Tom"], tricks={"Jim": 2, "Tom": 3}, first_trick="Tom")
    assert s.dealer == "Tom"
    readout = s.readout()
    assert readout.reader == "Tom"
    assert [line.name for line in readout.lines] == ["Puresome", "Jim", "Bud", "Whiz", "Tom"]
    assert readout.text.startswith("Attention to tally.")


def test_void_hand_keeps_the_dealer_and_counts_sits() -> None:
    s = sheet()
    result = s.record_hand(stayed=[], tricks={})
    assert result.is_void and s.dealer == "Jim" and set(s.sits().values()) == {1}


def test_first_dealer_is_required_for_the_first_hand() -> None:
    s = TallySheet(NAMES)
    with pytest.raises(TallyError) as err:
        s.record_hand(stayed=["Jim"], tricks={"Jim": 5})
    assert err.value.code == "dealer"
    s.record_hand(stayed=["Jim"], tricks={"Jim": 5}, dealer="Bud")
    assert s.results[0].entry.dealer == "Bud"


def test_undo_removes_the_last_hand() -> None:
    s = sheet()
    s.record_hand(stayed=["Jim"], tricks={"Jim": 5})
    s.undo()
    assert s.tallies()["Jim"] == 10 and not s.results


def test_participants_three_to_seven_distinct() -> None:
    with pytest.raises(ValueError):
        TallySheet(["Jim", "Bud"])
    with pytest.raises(TallyError):
        TallySheet(["Jim", "Bud", "Jim"])
