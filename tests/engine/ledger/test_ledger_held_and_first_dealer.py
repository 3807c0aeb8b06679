"""What a game record brings to the ledger: deals entered as held, and a first dealer
other than ``A``."""

import pytest

from engine.ledger import (
    DealHeld,
    DealRecorded,
    Event,
    InvalidSettingsError,
    LedgerSettings,
    Misdeal,
    Penalty,
    RenoncKind,
    RulingMade,
    replay,
)

TONDA = tuple("TONDA")


def test_a_held_deal_counts_its_misdeals_and_gives_no_other_letter() -> None:
    events: list[Event] = [
        DealRecorded("d1", ("B",)),
        Misdeal("m1"),
        Misdeal("m2"),
        DealHeld("h2"),
        DealRecorded("d3", ("C",)),
    ]
    state = replay(LedgerSettings(word=TONDA), events)
    held = state.deal("h2")
    assert not held.counted and held.issue == "held" and state.held_deals == (held,)
    assert [m.letter is not None for m in held.misdeals] == [False, True]
    assert state.deal("d3").dealer == "B"  # the held deal did not move the deal
    assert state.deal("d3").misdeals == ()  # and kept its misdeals
    assert state.seat("B").letter_count == 2 and state.seat("C").letter_count == 1
    assert state.issues == ()


def test_a_held_deal_keeps_who_dealt_it_and_its_rulings_do_not_count() -> None:
    ruling = RulingMade("r2", "h2", RenoncKind.REVOKE, "D", Penalty.EXTRA_LETTER)
    events: list[Event] = [DealRecorded("d1", ("B",)), DealHeld("h2", dealer="C"), ruling]
    state = replay(LedgerSettings(word=TONDA), events)
    assert state.deal("h2").dealer == "C" and state.next_deal is not None
    assert state.next_deal.dealer == "C"
    assert state.seat("D").letter_count == 0
    assert [issue.code for issue in state.issues_for("r2")] == ["deal_not_counted"]


def test_the_first_dealer_deals_the_first_deal_and_sits_out_at_five() -> None:
    settings = LedgerSettings(word=TONDA, seats=5, first_dealer="C")
    state = replay(settings, [])
    assert state.next_deal is not None
    assert (state.next_deal.dealer, state.next_deal.sitting_out) == ("C", ("C",))
    state = replay(settings, [DealRecorded("d1", ("E",))])
    assert state.deals[0].dealer == "C" and "dealer_as_played" not in state.deals[0].flags


@pytest.mark.parametrize("seat", ["E", "x", ""])
def test_a_first_dealer_not_at_the_table_is_refused(seat: str) -> None:
    with pytest.raises(InvalidSettingsError):
        LedgerSettings(word=TONDA, seats=4, first_dealer=seat)
