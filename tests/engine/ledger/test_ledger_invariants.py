"""Invariants over random histories built the way the site builds them."""

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ledger import (
    DealRecorded,
    Event,
    FinishReason,
    LedgerSettings,
    LedgerState,
    Misdeal,
    Penalty,
    PlackaMode,
    RenoncKind,
    RulingMade,
    RulingWithdrawn,
    SitOutRule,
    replay,
    validate_deal,
)

RUN = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def ledger_settings(draw: st.DrawFn) -> LedgerSettings:
    return LedgerSettings(
        word=tuple("TONDAS"[: draw(st.integers(1, 6))]),
        seats=draw(st.integers(4, 6)),
        placka_mode=draw(st.sampled_from(PlackaMode)),
        sit_out_rule=draw(st.sampled_from(SitOutRule)),
    )


@st.composite
def history(draw: st.DrawFn, *, rulings: bool) -> tuple[LedgerSettings, list[Event]]:
    """A history of valid appends: deals, misdeals and (optionally) rulings."""
    config = draw(ledger_settings())
    events: list[Event] = []
    state = replay(config, events)
    for step in range(draw(st.integers(0, 40))):
        if state.finished or state.next_deal is None:
            break
        kind = draw(
            st.sampled_from(["deal"] * 6 + ["misdeal"] + (["ruling"] * 2 if rulings else []))
        )
        players = state.next_deal.players
        if kind == "deal":
            losers: tuple[str, ...] = (draw(st.sampled_from(players)),)
            if rulings and draw(st.booleans()) and draw(st.booleans()):
                second = draw(st.sampled_from(players))
                losers = tuple(dict.fromkeys((*losers, second)))
            validate_deal(state, losers=losers)
            events.append(DealRecorded(f"e{step}", losers))
        elif kind == "misdeal":
            events.append(Misdeal(f"e{step}", waived=draw(st.booleans())))
        else:
            counted = [d for d in state.deals if d.counted and d.deal_id is not None]
            if not counted:
                continue
            deal = draw(st.sampled_from(counted))
            assert deal.deal_id is not None
            penalty = draw(st.sampled_from(Penalty))
            offender = draw(st.sampled_from(deal.players))
            events.append(
                RulingMade(
                    f"e{step}", deal.deal_id, draw(st.sampled_from(RenoncKind)), offender, penalty
                )
            )
            if draw(st.booleans()):
                events.append(RulingWithdrawn(f"w{step}", f"e{step}"))
        state = replay(config, events)
    return config, events


def check_letters(state: LedgerState) -> None:
    length = state.settings.word_length
    for seat in state.seats:
        awarded = [a for d in state.deals for a in d.letter_awards if a.seat == seat.seat]
        if state.next_deal is not None:  # misdeals of the deal being dealt
            pending = [m.letter for m in state.next_deal.misdeals if m.letter is not None]
            awarded += [a for a in pending if a.seat == seat.seat]
        assert seat.letter_count == seat.deals_lost + seat.penalty_letters <= length
        assert seat.letter_count == len(awarded)
        assert [a.number for a in awarded] == list(range(1, seat.letter_count + 1))
        assert seat.word_so_far == "".join(state.settings.word[: seat.letter_count])
        assert seat.has_placka == (seat.seat in state.plackas)
        if seat.has_placka:
            assert seat.letter_count == length


def check_deals(state: LedgerState) -> None:
    for deal in state.counted_deals:
        assert len(deal.players) == 4
        assert set(deal.losers) <= set(deal.players)
        assert not set(deal.sitting_out) & set(deal.players)


@RUN
@given(history(rulings=False))
def test_simple_histories(case: tuple[LedgerSettings, list[Event]]) -> None:
    config, events = case
    state = replay(config, events)
    assert state.issues == ()
    check_letters(state)
    check_deals(state)
    if state.finished and config.placka_mode is PlackaMode.UNTIL_FIRST_PLACKA:
        assert state.finish_reason is FinishReason.PLACKA
        assert len(state.plackas) == 1
    if config.placka_mode is PlackaMode.ELIMINATION:
        assert len(state.active_seats) >= 4 or state.finished
        if state.finished:
            assert len(state.remaining) == 3
            places = sorted(s.place for s in state.seats if s.place is not None)
            assert places == list(range(4, config.seats + 1))
    counted = state.counted_deals
    for deal, following in itertools.pairwise(counted):
        shifted = any(m.dealer != following.dealer for m in following.misdeals)
        if len(deal.losers) == 1 and not deal.left_table and not shifted:
            assert following.dealer == deal.losers[0] == deal.next_dealer


@RUN
@given(history(rulings=True))
def test_histories_with_rulings(case: tuple[LedgerSettings, list[Event]]) -> None:
    config, events = case
    state = replay(config, events)
    check_letters(state)
    check_deals(state)
    if state.finish_reason is FinishReason.PLACKA:
        assert state.plackas
        last = [d for d in state.deals if d.placka][-1]
        assert set(state.plackas) == set(last.placka)


@RUN
@given(history(rulings=True))
def test_replay_is_deterministic(case: tuple[LedgerSettings, list[Event]]) -> None:
    config, events = case
    assert replay(config, events) == replay(config, list(events))


@RUN
@given(history(rulings=True), st.data())
def test_a_withdrawn_ruling_leaves_no_trace(
    case: tuple[LedgerSettings, list[Event]], data: st.DataObject
) -> None:
    config, events = case
    state = replay(config, events)
    counted = [d for d in state.deals if d.counted and d.deal_id is not None]
    if not counted:
        return
    deal = data.draw(st.sampled_from(counted))
    assert deal.deal_id is not None
    ruling = RulingMade(
        "extra",
        deal.deal_id,
        RenoncKind.OTHER,
        data.draw(st.sampled_from(deal.players)),
        data.draw(st.sampled_from(Penalty)),
    )
    assert replay(config, [*events, ruling, RulingWithdrawn("undo", "extra")]) == state
