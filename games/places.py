"""Every seat's place when a game ends, for the table page.

The ledger places the seats that leave an elimination game (the placka takes the lowest open
place) but leaves the last seats at the table open: the competition places them by its rule
(the tournament's "last finalists placed by success rate", else they share the best place).
That rule is the final's maths (:func:`tournaments.standings.final_place`), the one the
results use, so the table page and the results never disagree about who came where.
"""

from __future__ import annotations

from engine.ledger import LedgerState
from engine.ledger.ahead import Placer
from games.models import TableGame
from tournaments.standings import FinalResult, FinalSettings, RemainderRule, Tally, final_place


def remainder_rule(game: TableGame) -> RemainderRule:
    """How the game's tournament places the seats left when an elimination ends."""
    by_success = game.table.round.tournament.final_last_places_by_success
    return RemainderRule.SUCCESS_RATE if by_success else RemainderRule.SHARED


def remaining_places(state: LedgerState, rule: RemainderRule) -> dict[str, tuple[int, bool]]:
    """The places of the seats still at the table when the game ended (``state.remaining``,
    empty unless an elimination game is over): seat -> (place, shared). They take the best
    places, from 1, by their figures in this game."""
    if not state.finished or not state.remaining:
        return {}
    seats = list(state.remaining)
    tallies = {
        i: Tally(deals_played=state.seat(seat).deals_played, deals_lost=state.seat(seat).deals_lost)
        for i, seat in enumerate(seats)
    }
    placing = final_place(
        FinalResult(finalists=tuple(range(len(seats))), tallies=tallies),
        settings=FinalSettings(min_at_table=len(seats) + 1, remainder=rule),
    )
    return {
        seats[entry.player_id]: (entry.place, entry.is_shared)
        for entry in placing.entries
        if entry.place is not None
    }


def placer(game: TableGame) -> Placer:
    """:func:`remaining_places` with the game's rule, for the ledger's states ahead. The
    rule is read once, and only for an elimination's end (most states never need it)."""
    rules: list[RemainderRule] = []

    def place(state: LedgerState) -> dict[str, tuple[int, bool]]:
        if not state.finished or not state.remaining:
            return {}
        if not rules:
            rules.append(remainder_rule(game))
        return remaining_places(state, rules[0])

    return place
