"""Benchmark: what the table page's tree of the next deals costs to build, engine alone.

``python -m tools.bench.ahead [--at 10 60] [--ahead 3] [--builds 200]``

Plays a game as ``tools.bench.deals`` does (its word and table, the loser the player with the
fewest letters) to each deal number given, then builds the tree of the next deals
(:func:`engine.ledger.ahead.ahead`, what the deal API answers with ``?ahead=3``) over and
over. Prints the CPU milliseconds of one build (the best of five batches: the machine may be
shared) and how many deals the build played on (:func:`engine.ledger.replay.advance`).
"""

from __future__ import annotations

import argparse
import time
from unittest import mock

from engine.ledger import DealRecorded, Event, LedgerSettings, LedgerState, advance, replay
from engine.ledger.ahead import ahead
from tools.bench.deals import SEATS, WORD


def game_at(config: LedgerSettings, deals: int) -> tuple[list[Event], LedgerState]:
    """The events and state after ``deals`` deals, each lost by the player with the fewest
    letters (the game lasts longest)."""
    events: list[Event] = []
    state = replay(config, events)
    for number in range(deals):
        nxt = state.next_deal
        if nxt is None:
            break
        letters = {seat.seat: seat.letter_count for seat in state.seats}
        loser = min(nxt.players, key=lambda seat: (letters[seat], seat))
        events.append(DealRecorded(f"d{number}", (loser,), None, nxt.sitting_out, nxt.dealer))
        state = replay(config, events)
    return events, state


def advances(config: LedgerSettings, events: list[Event], state: LedgerState, depth: int) -> int:
    """How many deals one build plays on."""
    with mock.patch("engine.ledger.ahead.advance", wraps=advance) as counted:
        ahead(config, events, depth, state=state)
    return counted.call_count


def build_ms(
    config: LedgerSettings, events: list[Event], state: LedgerState, depth: int, builds: int
) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(builds):
            ahead(config, events, depth, state=state)
        best = min(best, (time.process_time() - start) / builds * 1000)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", type=int, nargs="+", default=[10, 60], help="deal numbers")
    parser.add_argument("--ahead", type=int, default=3)
    parser.add_argument("--builds", type=int, default=200)
    args = parser.parse_args()
    config = LedgerSettings.for_word(WORD, seats=SEATS)
    for deals in args.at:
        events, state = game_at(config, deals)
        ms = build_ms(config, events, state, args.ahead, args.builds)
        played = advances(config, events, state, args.ahead)
        print(f"after deal {deals}: tree of {args.ahead} deals {ms:.2f} ms CPU, {played} advances")


if __name__ == "__main__":
    main()
