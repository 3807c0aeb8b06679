"""Seat geometry: clockwise order among the seats still at the table, and sit-outs."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.ledger.settings import PLAYERS_PER_DEAL, SitOutRule


def in_seat_order(seats: Collection[str], order: Sequence[str]) -> tuple[str, ...]:
    return tuple(seat for seat in order if seat in seats)


def next_active(seat: str, active: Collection[str], order: Sequence[str]) -> str:
    """The next seat clockwise after ``seat`` that is still at the table."""
    start = order.index(seat)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if candidate in active:
            return candidate
    raise ValueError("no seat is left at the table")


def previous_active(seat: str, active: Collection[str], order: Sequence[str]) -> str:
    """The next seat counter-clockwise (to the right of ``seat``) still at the table."""
    return next_active(seat, active, tuple(reversed(order)))


def clockwise_after(dealer: str, seats: Collection[str], order: Sequence[str]) -> tuple[str, ...]:
    """``seats`` ordered clockwise from the dealer's left, the dealer last."""
    start = order.index(dealer)
    return tuple(
        order[(start + step) % len(order)]
        for step in range(1, len(order) + 1)
        if order[(start + step) % len(order)] in seats
    )


def last_clockwise(block: Collection[str], active: Collection[str], order: Sequence[str]) -> str:
    """The seat of a sit-out block that the next block follows: the one whose
    clockwise neighbour (among ``active`` and the block) is not in the block."""
    present = set(active) | set(block)
    for seat in in_seat_order(block, order):
        if next_active(seat, present, order) not in block:
            return seat
    return in_seat_order(block, order)[-1]


def sit_out(
    rule: SitOutRule,
    dealer: str,
    active: Collection[str],
    order: Sequence[str],
    anchor: str | None,
) -> tuple[str, ...]:
    """Who sits out the next deal, in seat order.

    ``anchor`` is the last seat that sat out (see :func:`last_clockwise`), used
    by :attr:`SitOutRule.ROTATION`; ``None`` before anyone has sat out.
    """
    count = len(active) - PLAYERS_PER_DEAL
    if count <= 0:
        return ()
    if rule is SitOutRule.ROTATION and anchor is not None:
        block: list[str] = []
        seat = anchor
        for _ in range(count):
            seat = next_active(seat, active, order)
            block.append(seat)
        return in_seat_order(block, order)
    block = [dealer]
    seat = dealer
    for _ in range(count - 1):
        seat = previous_active(seat, active, order)
        block.append(seat)
    return in_seat_order(block, order)
