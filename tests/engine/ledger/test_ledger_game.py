"""Plain games: letters, dealers, mečbol, placka, sit-outs, elimination."""

from engine.ledger import (
    DealRecorded,
    Event,
    FinishReason,
    LedgerSettings,
    LetterSource,
    PlackaMode,
    SitOutRule,
    replay,
)

TONDA = tuple("TONDA")


def deals(*losers: str) -> list[Event]:
    return [DealRecorded(f"d{i + 1}", tuple(seat)) for i, seat in enumerate(losers)]


def test_plain_four_seat_game_to_completion_hand_checked() -> None:
    settings = LedgerSettings(word=TONDA)
    state = replay(settings, deals("B", "C", "B", "B", "D", "B", "A", "B"))

    assert [d.dealer for d in state.deals] == ["A", "B", "C", "B", "B", "D", "B", "A"]
    assert [(a.seat, a.letter) for d in state.deals for a in d.letter_awards] == [
        ("B", "T"),
        ("C", "T"),
        ("B", "O"),
        ("B", "N"),
        ("D", "T"),
        ("B", "D"),
        ("A", "T"),
        ("B", "A"),
    ]
    assert [s.word_so_far for s in state.seats] == ["T", "TONDA", "T", "T"]
    assert state.finished and state.finish_reason is FinishReason.PLACKA
    assert state.plackas == ("B",)
    assert state.deals[-1].placka == ("B",)
    assert state.next_deal is None
    assert state.seat("B").place == 4
    assert [state.seat(s).place for s in "ACD"] == [1, 1, 1]
    assert state.seat("A").place_shared and not state.seat("B").place_shared
    assert state.seat("B").deals_lost == 5 and state.seat("B").deals_played == 8
    assert state.issues == ()


def test_next_deal_is_dealt_by_the_loser_and_nobody_sits_out_at_four() -> None:
    state = replay(LedgerSettings(word=TONDA), deals("C"))
    assert state.next_deal is not None
    assert state.next_deal.dealer == "C"
    assert state.next_deal.sitting_out == ()
    assert state.next_deal.players == ("A", "B", "C", "D")
    assert state.next_deal.index == 1


def test_mecbol_is_one_letter_short_of_the_word() -> None:
    state = replay(LedgerSettings(word=TONDA), deals("B", "B", "B", "B"))
    seat = state.seat("B")
    assert seat.word_so_far == "TOND"
    assert seat.is_mecbol and not seat.has_placka
    assert not state.seat("A").is_mecbol
    assert not state.finished


def test_word_with_repeated_letters_and_a_space() -> None:
    settings = LedgerSettings.for_word("Herr FL")
    state = replay(settings, deals("A", "A", "A", "A"))
    assert settings.word_length == 6
    assert state.seat("A").word_so_far == "Herr"


def test_five_seats_default_rule_dealer_sits_out() -> None:
    settings = LedgerSettings(word=TONDA, seats=5)
    state = replay(settings, deals("B", "C", "E"))
    assert [d.dealer for d in state.deals] == ["A", "B", "C"]
    assert [d.sitting_out for d in state.deals] == [("A",), ("B",), ("C",)]
    assert state.deals[0].players == ("B", "C", "D", "E")
    assert state.next_deal is not None
    assert state.next_deal.dealer == "E" and state.next_deal.sitting_out == ("E",)
    assert state.seat("A").deals_played == 2 and state.seat("B").deals_played == 2


def test_six_seats_default_rule_dealer_and_the_seat_to_the_right_sit_out() -> None:
    settings = LedgerSettings(word=TONDA, seats=6)
    state = replay(settings, deals("B", "D"))
    assert state.deals[0].sitting_out == ("A", "F")
    assert state.deals[1].dealer == "B" and state.deals[1].sitting_out == ("A", "B")
    assert state.next_deal is not None
    assert state.next_deal.sitting_out == ("C", "D")


def test_five_seats_rotation_rule_sits_out_in_turn_whoever_deals() -> None:
    settings = LedgerSettings(word=TONDA, seats=5, sit_out_rule=SitOutRule.ROTATION)
    state = replay(settings, deals("B", "D", "D", "E"))
    assert [d.sitting_out for d in state.deals] == [("A",), ("B",), ("C",), ("D",)]
    assert [d.dealer for d in state.deals] == ["A", "B", "D", "D"]
    assert state.deals[2].players == ("A", "B", "D", "E")


def test_six_seats_rotation_rule_moves_two_seats_at_a_time() -> None:
    settings = LedgerSettings(word=TONDA, seats=6, sit_out_rule=SitOutRule.ROTATION)
    state = replay(settings, deals("B", "D", "F", "A"))
    assert [d.sitting_out for d in state.deals] == [("A", "F"), ("B", "C"), ("D", "E"), ("A", "F")]


def test_explicit_sit_out_overrides_the_rule_and_is_flagged() -> None:
    settings = LedgerSettings(word=TONDA, seats=5)
    state = replay(settings, [DealRecorded("d1", ("A",), sat_out=("E",))])
    deal = state.deals[0]
    assert deal.counted and deal.sitting_out == ("E",)
    assert deal.players == ("A", "B", "C", "D")
    assert "sit_out_overridden" in deal.flags
    same = replay(settings, [DealRecorded("d1", ("B",), sat_out=("A",))])
    assert same.deals[0].flags == ()


def test_points_are_kept_and_a_loser_without_top_points_is_flagged() -> None:
    settings = LedgerSettings(word=TONDA)
    points = {"A": 3, "B": 20, "C": 5, "D": 5}
    state = replay(settings, [DealRecorded("d1", ("B",), points=points)])
    assert state.deals[0].points_by_seat == points
    assert state.deals[0].flags == ()
    odd = replay(settings, [DealRecorded("d1", ("C",), points=points)])
    assert odd.deals[0].flags == ("loser_not_top_points",)


def test_two_losers_both_take_a_letter_and_the_first_clockwise_deals() -> None:
    settings = LedgerSettings(word=TONDA)
    state = replay(settings, [DealRecorded("d1", ("B",)), DealRecorded("d2", ("A", "D"))])
    assert [a.seat for a in state.deals[1].letter_awards] == ["A", "D"]
    # B dealt: clockwise from B's left is C, D, A, so D deals next.
    assert state.deals[1].next_dealer == "D"


def test_until_first_placka_in_a_five_seat_table_ends_the_game() -> None:
    settings = LedgerSettings(word=("X", "Y"), seats=5)
    state = replay(settings, deals("B", "C", "B"))
    assert state.finished and state.plackas == ("B",)
    assert state.seat("B").is_active  # nobody leaves: the game is over
    assert state.seat("B").place == 5


def test_elimination_final_of_six_until_three_remain() -> None:
    settings = LedgerSettings(word=("X", "Y"), seats=6, placka_mode=PlackaMode.ELIMINATION)
    # Sit-outs: d1 A,F; d2 A,B; d3 B,C; d4 C,D. B completes XY in d4: place 6.
    events = deals("B", "C", "D", "B")
    state = replay(settings, events)
    assert state.seat("B").place == 6 and state.seat("B").left_order == 1
    assert not state.seat("B").is_active and state.seat("B").has_placka
    assert not state.finished
    # B left: the next active seat clockwise from B deals; 5 seats, one sits out.
    assert state.deals[3].next_dealer == "C"
    assert state.next_deal is not None
    assert state.next_deal.dealer == "C" and state.next_deal.sitting_out == ("C",)

    events += [DealRecorded("d5", ("D",))]  # D: XY, leaves: place 5
    state = replay(settings, events)
    assert state.seat("D").place == 5 and not state.finished
    assert state.next_deal is not None
    assert state.next_deal.dealer == "E" and state.next_deal.sitting_out == ()
    assert state.next_deal.players == ("A", "C", "E", "F")

    events += [DealRecorded("d6", ("C",))]  # C: XY, leaves: place 4, three remain
    state = replay(settings, events)
    assert state.finished and state.finish_reason is FinishReason.FEWER_THAN_FOUR
    assert state.seat("C").place == 4
    assert state.remaining == ("A", "E", "F")
    assert all(state.seat(s).place is None for s in "AEF")
    assert [state.seat(s).left_order for s in "BDC"] == [1, 2, 3]
    assert state.next_deal is None
    assert all(a.source is LetterSource.DEAL for d in state.deals for a in d.letter_awards)


def test_elimination_at_a_table_of_four_ends_at_the_first_placka() -> None:
    settings = LedgerSettings(word=("X",), placka_mode=PlackaMode.ELIMINATION)
    state = replay(settings, deals("C"))
    assert state.finished and state.finish_reason is FinishReason.FEWER_THAN_FOUR
    assert state.seat("C").place == 4 and state.remaining == ("A", "B", "D")


def test_two_seats_completing_together_in_elimination_share_the_place() -> None:
    settings = LedgerSettings(word=("X",), seats=6, placka_mode=PlackaMode.ELIMINATION)
    state = replay(settings, [DealRecorded("d1", ("B", "C"))])
    assert state.seat("B").place == 5 and state.seat("C").place == 5
    assert state.seat("B").place_shared
    assert state.finished is False
    assert state.next_deal is not None and state.next_deal.dealer == "D"
