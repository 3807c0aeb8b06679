"""Misdeals (renonc C): the first is free, the next give the dealer a letter."""

from engine.ledger import (
    DealRecorded,
    DealUndone,
    Event,
    FinishReason,
    LedgerSettings,
    LetterSource,
    Misdeal,
    PlackaMode,
    replay,
)

TONDA = tuple("TONDA")


def test_first_misdeal_of_a_deal_is_free() -> None:
    state = replay(LedgerSettings(word=TONDA), [Misdeal("m1"), DealRecorded("d1", ("B",))])
    deal = state.deals[0]
    assert len(deal.misdeals) == 1 and deal.misdeals[0].letter is None
    assert deal.misdeals[0].dealer == "A" and deal.dealer == "A"
    assert state.seat("A").letter_count == 0


def test_second_misdeal_gives_the_dealer_a_letter_and_the_same_dealer_deals() -> None:
    events: list[Event] = [Misdeal("m1"), Misdeal("m2"), DealRecorded("d1", ("B",))]
    state = replay(LedgerSettings(word=TONDA), events)
    deal = state.deals[0]
    assert deal.dealer == "A"
    letter = deal.misdeals[1].letter
    assert letter is not None and (letter.seat, letter.letter) == ("A", "T")
    assert letter.source is LetterSource.MISDEAL and letter.event_id == "m2"
    assert [(a.seat, a.letter) for a in deal.letter_awards] == [("A", "T"), ("B", "T")]
    assert state.seat("A").penalty_letters == 1 and state.seat("A").deals_lost == 0
    assert deal.next_dealer == "B"


def test_every_further_misdeal_gives_another_letter() -> None:
    events: list[Event] = [Misdeal("m1"), Misdeal("m2"), Misdeal("m3"), DealRecorded("d1", ("B",))]
    state = replay(LedgerSettings(word=TONDA), events)
    assert state.seat("A").word_so_far == "TO"


def test_waived_second_misdeal_gives_no_letter() -> None:
    events: list[Event] = [Misdeal("m1"), Misdeal("m2", waived=True), DealRecorded("d1", ("B",))]
    state = replay(LedgerSettings(word=TONDA), events)
    assert state.deals[0].misdeals[1].waived and state.deals[0].misdeals[1].letter is None
    assert state.seat("A").letter_count == 0


def test_misdeal_counter_is_per_deal() -> None:
    events: list[Event] = [
        Misdeal("m1"),
        DealRecorded("d1", ("A",)),
        Misdeal("m2"),
        DealRecorded("d2", ("B",)),
    ]
    state = replay(LedgerSettings(word=TONDA), events)
    assert state.seat("A").word_so_far == "T"  # only the lost deal
    assert state.deals[1].misdeals[0].number == 1


def test_misdeals_of_the_deal_being_dealt_show_on_the_next_deal() -> None:
    events: list[Event] = [DealRecorded("d1", ("C",)), Misdeal("m1"), Misdeal("m2")]
    state = replay(LedgerSettings(word=TONDA), events)
    assert state.next_deal is not None
    assert state.next_deal.dealer == "C"
    assert [m.event_id for m in state.next_deal.misdeals] == ["m1", "m2"]
    assert state.seat("C").word_so_far == "TO"


def test_misdeal_letter_that_completes_the_word_ends_the_game() -> None:
    settings = LedgerSettings(word=("X", "Y"))
    events: list[Event] = [DealRecorded("d1", ("A",)), Misdeal("m1"), Misdeal("m2")]
    state = replay(settings, events)
    assert state.finished and state.finish_reason is FinishReason.PLACKA
    assert state.plackas == ("A",)
    last = state.deals[-1]
    assert last.deal_id is None and not last.counted and last.placka == ("A",)
    assert state.next_deal is None
    # A deal recorded afterwards does not count.
    later = replay(settings, [*events, DealRecorded("d2", ("B",))])
    assert later.deal("d2").counted is False and later.deal("d2").issue == "game_finished"
    assert [i.code for i in later.issues] == ["game_finished"]
    assert later.seat("B").letter_count == 0


def test_misdeal_placka_in_elimination_sends_the_dealer_out_and_the_next_seat_deals() -> None:
    settings = LedgerSettings(word=("X", "Y"), seats=5, placka_mode=PlackaMode.ELIMINATION)
    events: list[Event] = [
        DealRecorded("d1", ("B",)),
        Misdeal("m1"),
        Misdeal("m2"),
        DealRecorded("d2", ("D",)),
    ]
    state = replay(settings, events)
    deal = state.deal("d2")
    assert deal.counted and deal.misdeals[1].dealer == "B"
    assert deal.dealer == "C" and deal.sitting_out == ()
    assert deal.placka == ("B",) and deal.left_table == ("B",)
    assert state.seat("B").place == 5 and not state.seat("B").is_active
    assert deal.players == ("A", "C", "D", "E")


def test_late_misdeal_entered_for_a_recorded_deal() -> None:
    events: list[Event] = [
        DealRecorded("d1", ("B",)),
        DealRecorded("d2", ("C",)),
        Misdeal("m1", deal_id="d1"),
        Misdeal("m2", deal_id="d1"),
    ]
    state = replay(LedgerSettings(word=TONDA), events)
    assert state.seat("A").word_so_far == "T"
    assert state.deal("d1").misdeals[1].letter is not None


def test_undo_returns_the_misdeals_to_the_deal_being_dealt() -> None:
    events: list[Event] = [Misdeal("m1"), DealRecorded("d1", ("B",)), DealUndone("u1")]
    state = replay(LedgerSettings(word=TONDA), events)
    assert state.deals == ()
    assert state.next_deal is not None
    assert [m.event_id for m in state.next_deal.misdeals] == ["m1"]
