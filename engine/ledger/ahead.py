"""The next deals' states as data: what the table page shows while its deals wait offline.

A phone that has lost the network still has to show what the rules make of the deals its
judge records: the letters, the next dealer, who sits out, mečbol, the placka and the end of
the game. Rather than a second copy of the rules in JavaScript, the server replays the ledger
for every possible loser of the next few deals and sends the results as a tree; the page only
walks it. Every node is the ledger's own state after that deal (played on from its parent by
:func:`~engine.ledger.replay.advance`, which equals a replay), so the tree cannot drift from the
ledger (``tests/engine/ledger/test_ledger_ahead.py`` replays random games to check).

A deal recorded ahead is what the site stores for a one-loser deal: the loser, the dealer and
the sit-outs of the state it follows (facts of play, :class:`DealRecorded`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NotRequired, TypedDict

from engine.ledger.events import DealRecorded, Event
from engine.ledger.replay import advance, replay
from engine.ledger.settings import LedgerSettings
from engine.ledger.state import LedgerState, SeatState


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


#: The places of a finished game's seats that the ledger leaves open (the seats still at the
#: table when an elimination ends, which the competition places by its own rule), given by
#: the caller: the engine knows no competition. Seat -> (place, shared).
Placer = Callable[[LedgerState], Mapping[str, tuple[int, bool]]]


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


def seat_view(seat: SeatState, state: LedgerState, place: int | None = None) -> SeatView:
    """What the table page shows of a seat (shared with the full state's seats); ``place``
    for a seat the ledger leaves unplaced (a :data:`Placer`'s answer)."""
    return {
        "seat": seat.seat,
        "letter_count": seat.letter_count,
        "word_so_far": seat.word_so_far,
        "is_mecbol": seat.is_mecbol and seat.is_active and not state.finished,
        "has_placka": seat.has_placka,
        "is_active": seat.is_active,
        "place": seat.place if seat.place is not None else place,
    }


def next_view(state: LedgerState) -> NextView | None:
    """Who deals the next deal, who sits it out and who plays it (``None`` once finished)."""
    if state.next_deal is None:
        return None
    return {
        "dealer": state.next_deal.dealer,
        "sitting_out": list(state.next_deal.sitting_out),
        "players": list(state.next_deal.players),
    }


def next_deal_event(state: LedgerState, loser: str, event_id: str) -> DealRecorded:
    """The event the site stores when ``loser`` loses the next deal of ``state``."""
    if state.next_deal is None:
        return DealRecorded(event_id, (loser,))
    nxt = state.next_deal
    return DealRecorded(event_id, (loser,), None, nxt.sitting_out, nxt.dealer)


def node(state: LedgerState, placer: Placer | None = None) -> AheadNode:
    """One state of the tree, without its children."""
    places = placer(state) if placer is not None and state.finished else {}
    return {
        "seats": [
            seat_view(seat, state, places.get(seat.seat, (None, False))[0]) for seat in state.seats
        ],
        "finished": state.finished,
        "next": next_view(state),
    }


def ahead(
    settings: LedgerSettings,
    events: Sequence[Event],
    depth: int,
    *,
    state: LedgerState | None = None,
    placer: Placer | None = None,
) -> AheadNode:
    """For each loser of the next ``depth`` deals, the state after it (``after``, keyed by
    the loser's seat). ``state`` is the replay of ``events`` when the caller has it;
    ``placer`` places the seats a finished state leaves open."""
    current = state if state is not None else replay(settings, events)
    return _grow(settings, list(events), current, depth, placer)


def _grow(
    settings: LedgerSettings,
    events: list[Event],
    state: LedgerState,
    depth: int,
    placer: Placer | None = None,
) -> AheadNode:
    here = node(state, placer)
    view = here["next"]
    if depth <= 0 or view is None or state.finished:
        return here
    after: dict[str, AheadNode] = {}
    for loser in view["players"]:
        event = next_deal_event(state, loser, f"ahead-{len(events)}-{loser}")
        branch = [*events, event]
        following = advance(state, event) or replay(settings, branch)
        after[loser] = _grow(settings, branch, following, depth - 1, placer)
    here["after"] = after
    return here
