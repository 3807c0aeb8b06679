"""Bad input: replay flags it, validation refuses it with a typed error and a code."""

import pytest

from engine.ledger import (
    CascadeError,
    DealCorrected,
    DealRecorded,
    DealUndone,
    DuplicateEventError,
    Event,
    GameFinishedError,
    InvalidEventError,
    InvalidSettingsError,
    LedgerError,
    LedgerSettings,
    Misdeal,
    NothingToUndoError,
    Penalty,
    PlackaMode,
    RenoncKind,
    RulingMade,
    RulingWithdrawn,
    SeatNotPlayingError,
    UnknownDealError,
    UnknownRulingError,
    UnknownSeatError,
    replay,
    validate_deal,
    validate_event,
)

TONDA = tuple("TONDA")
FOUR = LedgerSettings(word=TONDA)
FIVE = LedgerSettings(word=TONDA, seats=5)


def rule(rid: str, deal_id: str, offender: str, penalty: Penalty) -> RulingMade:
    return RulingMade(rid, deal_id, RenoncKind.REVOKE, offender, penalty)


def refuse(
    settings: LedgerSettings, events: list[Event], event: Event, error: type[LedgerError], code: str
) -> LedgerError:
    with pytest.raises(error) as caught:
        validate_event(settings, events, event)
    assert caught.value.code == code
    assert caught.value.event_id == event.id
    assert isinstance(caught.value, ValueError) and str(caught.value)
    # Replay of the same history does not raise: it flags the event.
    assert [i.code for i in replay(settings, [*events, event]).issues_for(event.id)] == [code]
    return caught.value


def test_valid_event_returns_the_new_state() -> None:
    state = validate_event(FOUR, [], DealRecorded("d1", ("B",)))
    assert state.seat("B").letter_count == 1


def test_deal_for_a_finished_game() -> None:
    settings = LedgerSettings(word=("X",))
    events: list[Event] = [DealRecorded("d1", ("B",))]
    error = refuse(settings, events, DealRecorded("d2", ("C",)), GameFinishedError, "game_finished")
    assert "after the game ended" in str(error)
    with pytest.raises(GameFinishedError):
        validate_deal(replay(settings, events), losers=("C",))


def test_misdeal_after_the_game_finished() -> None:
    settings = LedgerSettings(word=("X",))
    refuse(
        settings, [DealRecorded("d1", ("B",))], Misdeal("m1"), GameFinishedError, "game_finished"
    )


def test_loser_not_a_seat_of_this_table() -> None:
    error = refuse(FOUR, [], DealRecorded("d1", ("E",)), UnknownSeatError, "unknown_seat")
    assert "E" in str(error) and "A, B, C, D" in str(error)
    with pytest.raises(UnknownSeatError):
        validate_deal(replay(FOUR, []), losers=("E",))


def test_loser_who_has_left_the_table() -> None:
    settings = LedgerSettings(word=("X",), seats=5, placka_mode=PlackaMode.ELIMINATION)
    events: list[Event] = [DealRecorded("d1", ("B",))]
    refuse(settings, events, DealRecorded("d2", ("B",)), SeatNotPlayingError, "seat_left_table")
    with pytest.raises(SeatNotPlayingError, match="left the table"):
        validate_deal(replay(settings, events), losers=("B",))


def test_seat_that_sat_out_named_as_loser() -> None:
    error = refuse(FIVE, [], DealRecorded("d1", ("A",)), SeatNotPlayingError, "seat_sat_out")
    assert "sat out" in str(error)
    with pytest.raises(SeatNotPlayingError) as caught:
        validate_deal(replay(FIVE, []), losers=("A",))
    assert caught.value.code == "seat_sat_out"


@pytest.mark.parametrize(
    ("losers", "code"),
    [((), "no_loser"), (("B", "B"), "duplicate_loser")],
)
def test_malformed_losers(losers: tuple[str, ...], code: str) -> None:
    refuse(FOUR, [], DealRecorded("d1", losers), InvalidEventError, code)
    with pytest.raises(InvalidEventError):
        validate_deal(replay(FOUR, []), losers=losers)


def test_too_many_losers() -> None:
    settings = LedgerSettings(word=TONDA, seats=6)
    event = DealRecorded("d1", ("A", "B", "C", "D", "E"))
    refuse(settings, [], event, InvalidEventError, "too_many_losers")


@pytest.mark.parametrize(
    "points",
    [{"A": -1, "B": 20}, {"A": 20, "B": 20}, {"B": 1.5}],
)
def test_invalid_points(points: dict[str, int]) -> None:
    refuse(FOUR, [], DealRecorded("d1", ("B",), points=points), InvalidEventError, "invalid_points")


def test_points_for_a_seat_that_sat_out() -> None:
    event = DealRecorded("d1", ("B",), points={"A": 3, "B": 20})
    refuse(FIVE, [], event, InvalidEventError, "invalid_points")
    with pytest.raises(InvalidEventError, match="did not play"):
        validate_deal(replay(FIVE, []), losers=("B",), points={"A": 3})


def test_explicit_sit_out_with_the_wrong_number_of_seats() -> None:
    event = DealRecorded("d1", ("B",), sat_out=("A", "E"))
    error = refuse(FIVE, [], event, InvalidEventError, "invalid_sit_out")
    assert "exactly 1" in str(error)
    with pytest.raises(InvalidEventError):
        validate_deal(replay(FOUR, []), losers=("B",), sat_out=("A",))


def test_explicit_sit_out_of_a_seat_that_left() -> None:
    settings = LedgerSettings(word=("X",), seats=6, placka_mode=PlackaMode.ELIMINATION)
    events: list[Event] = [DealRecorded("d1", ("B",))]
    event = DealRecorded("d2", ("C",), sat_out=("B",))
    refuse(settings, events, event, InvalidEventError, "invalid_sit_out")


def test_ruling_on_a_deal_that_does_not_exist() -> None:
    event = rule("r1", "d9", "B", Penalty.EXTRA_LETTER)
    error = refuse(FOUR, [DealRecorded("d1", ("B",))], event, UnknownDealError, "unknown_deal")
    assert "d9" in str(error)


def test_ruling_on_a_deal_that_does_not_count() -> None:
    settings = LedgerSettings(word=("X",))
    events: list[Event] = [DealRecorded("d1", ("B",)), DealRecorded("d2", ("C",))]
    event = rule("r1", "d2", "C", Penalty.EXTRA_LETTER)
    refuse(settings, events, event, UnknownDealError, "deal_not_counted")


def test_ruling_with_an_offender_not_at_this_table() -> None:
    event = rule("r1", "d1", "F", Penalty.EXTRA_LETTER)
    refuse(FOUR, [DealRecorded("d1", ("B",))], event, UnknownSeatError, "unknown_seat")


def test_loses_deal_for_an_offender_who_sat_out() -> None:
    event = rule("r1", "d1", "A", Penalty.LOSES_DEAL)
    refuse(FIVE, [DealRecorded("d1", ("B",))], event, SeatNotPlayingError, "offender_sat_out")


def test_ruling_on_an_offender_who_had_already_left() -> None:
    events: list[Event] = [
        DealRecorded("d1", ("B",)),
        rule("r1", "d1", "E", Penalty.DISQUALIFICATION),
        DealRecorded("d2", ("C",)),
    ]
    event = rule("r2", "d2", "E", Penalty.EXTRA_LETTER)
    refuse(FIVE, events, event, SeatNotPlayingError, "offender_left_table")


def test_withdrawing_an_unknown_or_already_withdrawn_ruling() -> None:
    events: list[Event] = [DealRecorded("d1", ("B",)), rule("r1", "d1", "C", Penalty.EXTRA_LETTER)]
    refuse(FOUR, events, RulingWithdrawn("w1", "r9"), UnknownRulingError, "unknown_ruling")
    events.append(RulingWithdrawn("w1", "r1"))
    refuse(FOUR, events, RulingWithdrawn("w2", "r1"), UnknownRulingError, "unknown_ruling")


def test_undo_with_no_deal() -> None:
    refuse(FOUR, [], DealUndone("u1"), NothingToUndoError, "nothing_to_undo")


def test_undo_of_a_deal_with_rulings_in_force() -> None:
    events: list[Event] = [DealRecorded("d1", ("B",)), rule("r1", "d1", "C", Penalty.EXTRA_LETTER)]
    error = refuse(FOUR, events, DealUndone("u1"), InvalidEventError, "undo_deal_has_rulings")
    assert "r1" in str(error)


def test_correction_of_an_unknown_deal_or_with_nothing_to_change() -> None:
    events: list[Event] = [DealRecorded("d1", ("B",))]
    refuse(FOUR, events, DealCorrected("c1", "d7", losers=("C",)), UnknownDealError, "unknown_deal")
    refuse(FOUR, events, DealCorrected("c1", "d1"), InvalidEventError, "empty_correction")
    bad = DealCorrected("c1", "d1", losers=("X",))
    refuse(FOUR, events, bad, UnknownSeatError, "unknown_seat")


def test_misdeal_for_an_unknown_deal() -> None:
    refuse(FOUR, [], Misdeal("m1", deal_id="d1"), UnknownDealError, "unknown_deal")


def test_duplicate_event_id() -> None:
    events: list[Event] = [DealRecorded("d1", ("B",))]
    with pytest.raises(DuplicateEventError) as caught:
        validate_event(FOUR, events, DealRecorded("d1", ("C",)))
    assert caught.value.code == "duplicate_event_id"
    state = replay(FOUR, [*events, DealRecorded("d1", ("C",))])
    assert [i.code for i in state.issues] == ["duplicate_event_id"]
    assert state.seat("C").letter_count == 0


def test_strict_validation_refuses_a_correction_that_breaks_later_deals() -> None:
    events: list[Event] = [DealRecorded(f"d{i}", (s,)) for i, s in enumerate("BCD", 1)]
    fix = DealCorrected("c1", "d1", losers=("C",))
    state = validate_event(FIVE, events, fix)  # allowed, but d2 stops counting
    assert [i.code for i in state.issues] == ["seat_sat_out"]
    with pytest.raises(CascadeError, match="d2"):
        validate_event(FIVE, events, fix, strict=True)


@pytest.mark.parametrize(
    "kwargs",
    [{"word": ()}, {"word": ("T", " ")}, {"word": TONDA, "seats": 3}, {"word": TONDA, "seats": 7}],
)
def test_impossible_settings(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidSettingsError):
        LedgerSettings(**kwargs)  # type: ignore[arg-type]
