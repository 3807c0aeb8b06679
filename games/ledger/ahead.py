"""The next deals' states as data: what the table page shows while its deals wait offline.

A phone that has lost the network still has to show what the rules make of the deals its
judge records: the letters, the next dealer, who sits out, mečbol, the placka and the end of
the game. Rather than a second copy of the rules in JavaScript, the server replays the ledger
for every possible loser of the next few deals and sends the results as a tree; the page only
walks it. Every node is a real :func:`~games.ledger.replay.replay`, so the tree cannot drift
from the ledger (``tests/games/ledger/test_ledger_ahead.py`` replays random games to check).

A deal recorded ahead is what the site stores for a one-loser deal: the loser, the dealer and
the sit-outs of the state it follows (facts of play, :class:`DealRecorded`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NotRequired, TypedDict

from games.ledger.events import DealRecorded, Event
from games.ledger.replay import replay
from games.ledger.settings import LedgerSettings
from games.ledger.state import LedgerState, SeatState

#: Who sits out the next deal of a state (the site may apply a rule the ledger does not know).
SittingOut = Callable[[LedgerState], tuple[str, ...]]


class SeatView(TypedDict):
    """A seat as the table page shows it (the full state's seats add to it)."""

    seat: str
    #: How many letters of the word the seat holds.
    letter_count: int
    #: The letters held, e.g. ``"TON"``.
    word_so_far: str
    is_mecbol: bool
    has_placka: bool
    is_active: bool
    place: int | None


class NextView(TypedDict):
    dealer: str
    sitting_out: list[str]
    players: list[str]


class AheadNode(TypedDict):
    """One state of the tree; ``after`` holds the state after each possible loser."""

    seats: list[SeatView]
    finished: bool
    next: NextView | None
    after: NotRequired[dict[str, AheadNode]]


def ledger_sitting_out(state: LedgerState) -> tuple[str, ...]:
    """The ledger's own sit-out rule."""
    return state.next_deal.sitting_out if state.next_deal is not None else ()


def seat_view(seat: SeatState, state: LedgerState) -> SeatView:
    """What the table page shows of a seat (shared with the full state's seats)."""
    return {
        "seat": seat.seat,
        "letter_count": seat.letter_count,
        "word_so_far": seat.word_so_far,
        "is_mecbol": seat.is_mecbol and seat.is_active and not state.finished,
        "has_placka": seat.has_placka,
        "is_active": seat.is_active,
        "place": seat.place,
    }


def next_view(state: LedgerState, sitting_out: SittingOut) -> NextView | None:
    """Who deals the next deal, who sits it out and who plays it (``None`` once finished)."""
    if state.next_deal is None:
        return None
    out = sitting_out(state)
    return {
        "dealer": state.next_deal.dealer,
        "sitting_out": list(out),
        "players": [seat for seat in state.active_seats if seat not in out],
    }


def next_deal_event(
    state: LedgerState, loser: str, event_id: str, sitting_out: SittingOut
) -> DealRecorded:
    """The event the site stores when ``loser`` loses the next deal of ``state``."""
    dealer = state.next_deal.dealer if state.next_deal is not None else None
    return DealRecorded(event_id, (loser,), None, sitting_out(state), dealer)


def node(state: LedgerState, sitting_out: SittingOut) -> AheadNode:
    """One state of the tree, without its children."""
    return {
        "seats": [seat_view(seat, state) for seat in state.seats],
        "finished": state.finished,
        "next": next_view(state, sitting_out),
    }


def ahead(
    settings: LedgerSettings,
    events: Sequence[Event],
    depth: int,
    *,
    sitting_out: SittingOut = ledger_sitting_out,
    state: LedgerState | None = None,
) -> AheadNode:
    """For each loser of the next ``depth`` deals, the state after it (``after``, keyed by
    the loser's seat). ``state`` is the replay of ``events`` when the caller has it."""
    current = state if state is not None else replay(settings, events)
    return _grow(settings, list(events), current, depth, sitting_out)


def _grow(
    settings: LedgerSettings,
    events: list[Event],
    state: LedgerState,
    depth: int,
    sitting_out: SittingOut,
) -> AheadNode:
    here = node(state, sitting_out)
    view = here["next"]
    if depth <= 0 or view is None or state.finished:
        return here
    after: dict[str, AheadNode] = {}
    for loser in view["players"]:
        event = next_deal_event(state, loser, f"ahead-{len(events)}-{loser}", sitting_out)
        branch = [*events, event]
        after[loser] = _grow(settings, branch, replay(settings, branch), depth - 1, sitting_out)
    here["after"] = after
    return here
