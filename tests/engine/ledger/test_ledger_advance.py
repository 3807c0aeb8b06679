"""Playing the next deal on from the state equals replaying the whole game with it.

Random games (deals, misdeals, rulings and their withdrawals, corrections, undos, held deals,
tables of four to six, both placka modes and every sit-out rule), then one more event of any
kind, well formed or not: :func:`advance` either declines (``None``: the caller replays) or
returns exactly the replay's state; and it declines only where it says it does.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ledger import (
    DealCorrected,
    DealHeld,
    DealRecorded,
    DealUndone,
    Event,
    LedgerSettings,
    LedgerState,
    Misdeal,
    advance,
    replay,
    validate_event,
)
from engine.ledger.errors import LedgerError
from tests.engine.ledger.test_ledger_invariants import history

RUN = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SEATS = "ABCDEFG"  # G is no seat at any table: a malformed event


@st.composite
def edits(draw: st.DrawFn, game: tuple[LedgerSettings, list[Event]]) -> list[Event]:
    """A few corrections, undos and held deals after the game's history."""
    config, events = game
    events = list(events)
    for step in range(draw(st.integers(0, 3))):
        state = replay(config, events)
        kind = draw(st.sampled_from(["correct", "undo", "held"]))
        recorded = [deal.deal_id for deal in state.deals if deal.deal_id is not None]
        if kind == "correct" and recorded:
            target = draw(st.sampled_from(recorded))
            loser = draw(st.sampled_from(config.seat_names))
            events.append(DealCorrected(f"c{step}", target, (loser,)))
        elif kind == "undo":
            events.append(DealUndone(f"u{step}"))
        elif kind == "held":
            events.append(DealHeld(f"h{step}", draw(st.sampled_from([None, *config.seat_names]))))
    return events


@st.composite
def next_event(draw: st.DrawFn, state: LedgerState, event_id: str) -> Event:
    """Any next event, mostly a deal as the site records it, sometimes a deal no table
    allows (unknown seats, two sit-outs too many, points over the deal's) or another kind."""
    nxt = state.next_deal
    kind = draw(st.sampled_from(["site"] * 4 + ["wild", "held", "misdeal", "undo"]))
    if kind == "site" and nxt is not None:
        loser = draw(st.sampled_from(nxt.players))
        return DealRecorded(event_id, (loser,), None, nxt.sitting_out, nxt.dealer)
    if kind == "held":
        return DealHeld(event_id, draw(st.sampled_from([None, *SEATS])))
    if kind == "misdeal":
        return Misdeal(event_id, waived=draw(st.booleans()))
    if kind == "undo":
        return DealUndone(event_id)
    losers = tuple(draw(st.lists(st.sampled_from(SEATS), min_size=0, max_size=3)))
    points = draw(
        st.none() | st.dictionaries(st.sampled_from(SEATS), st.integers(-1, 30), max_size=4)
    )
    sat_out = draw(st.none() | st.lists(st.sampled_from(SEATS), max_size=3).map(tuple))
    dealer = draw(st.sampled_from([None, *SEATS]))
    return DealRecorded(event_id, losers, points, sat_out, dealer)


def _may_advance(state: LedgerState, event: Event) -> bool:
    """Where :func:`advance` promises to play on: the next deal of a game that goes on,
    with no misdeal waiting in it."""
    nxt = state.next_deal
    return (
        isinstance(event, DealRecorded | DealHeld)
        and nxt is not None
        and not nxt.misdeals
        and not state.finished
    )


@RUN
@given(game=history(rulings=True), data=st.data())
def test_one_more_event_equals_the_replay_with_it(
    game: tuple[LedgerSettings, list[Event]], data: st.DataObject
) -> None:
    config = game[0]
    events = data.draw(edits(game))
    state = replay(config, events)
    event = data.draw(next_event(state, "next"))
    advanced = advance(state, event)
    assert (advanced is not None) == _may_advance(state, event)
    if advanced is not None:
        assert advanced == replay(config, [*events, event])


@RUN
@given(game=history(rulings=True), data=st.data())
def test_a_state_kept_deal_after_deal_never_drifts_from_the_replay(
    game: tuple[LedgerSettings, list[Event]], data: st.DataObject
) -> None:
    """The site keeps a game's state and plays each deal on from it (validated as it goes):
    after every deal, what it keeps is the replay of every event so far."""
    config = game[0]
    events = data.draw(edits(game))
    kept = replay(config, events)
    for step in range(data.draw(st.integers(1, 25))):
        event = data.draw(next_event(kept, f"n{step}"))
        try:
            after = validate_event(config, events, event, state=kept)
        except LedgerError:
            continue  # refused: nothing is stored, the kept state stays
        events.append(event)
        kept = after
        assert kept == replay(config, events)


def test_a_long_game_is_played_on_deal_by_deal() -> None:
    """Eighty deals at a table of five with the longest word: each deal is played on from
    the state before it, and the last state is the whole game's replay."""
    config = LedgerSettings.for_word("KOURICIKOCKAHEJMATON", seats=5)
    events: list[Event] = []
    state = replay(config, events)
    for number in range(80):
        nxt = state.next_deal
        assert nxt is not None
        loser = min(nxt.players, key=lambda seat: (state.seat(seat).letter_count, seat))
        event = DealRecorded(f"d{number}", (loser,), None, nxt.sitting_out, nxt.dealer)
        following = advance(state, event)
        assert following is not None
        events.append(event)
        state = following
    assert state == replay(config, events)
    assert len(state.counted_deals) == 80
