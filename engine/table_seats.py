"""Who deals next and who sits out, at a table of four to six seats named ``A``-``F``.

Seats are letters in clockwise order; ``active`` are the seats still at the table.

>>> next_dealer("A", ["D", "C"], "ABCD", "ABCD")
'C'
>>> sitting_out("dealer", "A", "ABCDEF", "ABCDEF")
('A', 'F')
>>> sitting_out("dealer_and_left", "A", "ABCDEF", "ABCDEF")
('A', 'B')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

# merge: use the engine's table rules. These two decisions belong to one engine authority;
# when it lands, :mod:`engine.gamerecord` imports them from there and this module goes.

__all__ = ["PLAYERS_PER_DEAL", "SIT_OUT_RULES", "SitOutRule", "next_dealer", "sitting_out"]

PLAYERS_PER_DEAL = 4
SitOutRule = Literal["dealer", "dealer_and_left"]
SIT_OUT_RULES: tuple[SitOutRule, ...] = ("dealer", "dealer_and_left")


def _step(seat: str, active: Collection[str], order: Sequence[str], direction: int) -> str:
    start = order.index(seat)
    for step in range(1, len(order) + 1):
        candidate = order[(start + direction * step) % len(order)]
        if candidate in active:
            return candidate
    raise ValueError("no seat is left at the table")


def next_dealer(
    dealer: str, losers: Collection[str], active: Collection[str], order: Sequence[str]
) -> str:
    """The next dealer: the loser; with several losers the first of them clockwise from
    the dealer's left. A loser who has left the table hands the deal to the next seat
    clockwise from it that is still there."""
    start = order.index(dealer)
    ordered = [
        order[(start + step) % len(order)]
        for step in range(1, len(order) + 1)
        if order[(start + step) % len(order)] in losers
    ]
    staying = [seat for seat in ordered if seat in active]
    if staying:
        return staying[0]
    return _step(ordered[0], active, order, 1)


def sitting_out(
    rule: SitOutRule, dealer: str, active: Collection[str], order: Sequence[str]
) -> tuple[str, ...]:
    """Who sits out a deal, in seat order: nobody at four; the dealer at five; at six
    the dealer and, under ``dealer``, the seat to the dealer's right, under
    ``dealer_and_left`` the seat to the dealer's left."""
    count = len(active) - PLAYERS_PER_DEAL
    if count <= 0:
        return ()
    block = [dealer]
    seat = dealer
    direction = 1 if rule == "dealer_and_left" else -1
    for _ in range(count - 1):
        seat = _step(seat, active, order, direction)
        block.append(seat)
    return tuple(s for s in order if s in block)
