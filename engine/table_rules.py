"""Who deals next and who sits out: the table rules of ``RULES.md``, on seat letters.

The one authority for these rules: the engine's games, the scorekeeping ledger, the
online tables and the game-record scorer all call these functions. Seats are letters
in clockwise order (``order``: ``A B C D`` at a table of four, up to ``F`` at six);
``active`` are the seats still at the table (a disqualified seat has left it).

>>> next_dealer("D", ["C", "B"])
'B'
>>> next_dealer("D", ["C", "B"], active="ACD")
'C'
>>> leader("A", "BCDE", "ABCDE"), record_dealer("A", "BCDE", "ABCDE")
('B', 'D')
>>> sit_out(SitOutRule.DEALER, "A", "ABCDEF")
('A', 'F')
>>> sit_out(SitOutRule.DEALER_AND_LEFT, "A", "ABCDEF")
('A', 'B')
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from enum import StrEnum

__all__ = [
    "PLAYERS_PER_DEAL",
    "SEAT_LETTERS",
    "SitOutRule",
    "clockwise_after",
    "dealer_after_misdeal",
    "in_seat_order",
    "last_clockwise",
    "leader",
    "losers_after_rulings",
    "next_active",
    "next_dealer",
    "places_by_letters",
    "previous_active",
    "record_dealer",
    "sit_out",
]

#: Seat letters of the largest table, clockwise.
SEAT_LETTERS = ("A", "B", "C", "D", "E", "F")
#: Seats that play each deal; the others at a table of five or six sit it out.
PLAYERS_PER_DEAL = 4
_FOUR = SEAT_LETTERS[:PLAYERS_PER_DEAL]


class SitOutRule(StrEnum):
    """Who sits out a deal at a table of five or six active seats."""

    #: The dealer sits out; at six also the seat to the dealer's right
    #: (the previous active seat counter-clockwise).
    DEALER = "dealer"
    #: The dealer sits out; at six also the seat to the dealer's left
    #: (the next active seat clockwise).
    DEALER_AND_LEFT = "dealer_and_left"
    #: Seats sit out in turn, clockwise, whoever deals: the first deal uses the
    #: DEALER rule, then each deal sits out the next active seats clockwise
    #: after the last seat that sat out.
    ROTATION = "rotation"


def in_seat_order(seats: Collection[str], order: Sequence[str] = SEAT_LETTERS) -> tuple[str, ...]:
    """``seats`` in clockwise seat order from A.

    >>> in_seat_order({"F", "A"})
    ('A', 'F')
    """
    return tuple(seat for seat in order if seat in seats)


def next_active(seat: str, active: Collection[str], order: Sequence[str] = SEAT_LETTERS) -> str:
    """The next seat clockwise after ``seat`` that is still at the table.

    >>> next_active("D", "ABCDE"), next_active("E", "ABCDE", "ABCDE")
    ('E', 'A')
    """
    start = order.index(seat)
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if candidate in active:
            return candidate
    raise ValueError("no seat is left at the table")


def previous_active(seat: str, active: Collection[str], order: Sequence[str] = SEAT_LETTERS) -> str:
    """The next seat counter-clockwise (to the right of ``seat``) still at the table."""
    return next_active(seat, active, tuple(reversed(order)))


def clockwise_after(
    dealer: str, seats: Collection[str], order: Sequence[str] = SEAT_LETTERS
) -> tuple[str, ...]:
    """``seats`` ordered clockwise from the dealer's left, the dealer last.

    >>> clockwise_after("D", {"B", "C", "D"}, "ABCD")
    ('B', 'C', 'D')
    """
    start = order.index(dealer)
    ring = [order[(start + step) % len(order)] for step in range(1, len(order) + 1)]
    return tuple(seat for seat in ring if seat in seats)


def next_dealer(
    dealer: str,
    losers: Collection[str],
    order: Sequence[str] = _FOUR,
    active: Collection[str] | None = None,
) -> str:
    """Who deals after a deal that ``dealer`` dealt and ``losers`` lost.

    The loser deals. With several losers (renonc B by several seats, a tie scored
    ``both``) the first of them clockwise from the dealer's left, the dealer itself
    last, whatever the order they lost in. When that seat has left the table
    (``active`` given and the seat not in it) the next seat clockwise from it that is
    still at the table deals, a loser or not (``RULES.md``, "A game"): dealer A, C and E
    lose and C leaves, so D deals, not E.

    >>> next_dealer("A", ["A"]), next_dealer("A", ["D", "A"]), next_dealer("B", ["A", "D"])
    ('A', 'D', 'D')
    >>> next_dealer("A", ["C"], "ABCDE", active="ABDE"), next_dealer("A", "CE", "ABCDE", "ABDE")
    ('D', 'D')
    """
    ordered = clockwise_after(dealer, losers, order)
    if not ordered:
        raise ValueError(f"a deal needs a loser at the table, not {sorted(losers)!r}")
    first = ordered[0]
    if active is None or first in active:
        return first
    return next_active(first, active, order)


def leader(dealer: str, players: Collection[str], order: Sequence[str] = SEAT_LETTERS) -> str:
    """Who leads the deal: the first of its ``players`` clockwise from the dealer's left,
    whether the dealer plays or sits it out (``RULES.md``, "One deal" 3 and "Tables of
    five and six").

    >>> leader("D", "ABCD", "ABCD"), leader("A", "BCDE", "ABCDE"), leader("C", "ABDE", "ABCDE")
    ('A', 'B', 'D')
    """
    return next_active(dealer, players, order)


def record_dealer(
    dealer: str, players: Collection[str], order: Sequence[str] = SEAT_LETTERS
) -> str:
    """The ``dealer`` an SCN record of the deal names. The record's seats ``A``-``D`` are
    the four ``players`` clockwise in seat order, and in SCN the seat left of the dealer
    leads, so the record's dealer is the player just before the :func:`leader`: the
    table's dealer itself when it plays, else the player to its right.

    >>> record_dealer("B", "ABCD", "ABCD"), record_dealer("A", "BCDE", "ABCDE")
    ('B', 'D')
    >>> record_dealer("C", "ACDF", "ABCDEF"), record_dealer("C", "ABDE", "ABCDE")
    ('B', 'B')
    """
    seated = in_seat_order(players, order)
    if len(seated) != PLAYERS_PER_DEAL or dealer not in order:
        raise ValueError(f"a deal has {PLAYERS_PER_DEAL} players, not {seated!r}")
    position = seated.index(leader(dealer, seated, order))
    return _FOUR[(position - 1) % PLAYERS_PER_DEAL]


def dealer_after_misdeal(
    dealer: str, active: Collection[str], order: Sequence[str] = SEAT_LETTERS
) -> str:
    """Who deals again after a misdeal: the same dealer; if its letter took the dealer
    off the table (it completed the word in an elimination final), the next seat
    clockwise still at the table.

    >>> dealer_after_misdeal("B", "ABCDE"), dealer_after_misdeal("B", "ACDE")
    ('B', 'C')
    """
    return dealer if dealer in active else next_active(dealer, active, order)


def places_by_letters(letters: Mapping[str, int]) -> dict[str, int]:
    """Places at the table by letters held (``RULES.md``, "A game"): fewest first; seats
    holding as many letters share the better place.

    >>> places_by_letters({"A": 0, "B": 2, "C": 0, "D": 5})
    {'A': 1, 'B': 3, 'C': 1, 'D': 4}
    """
    counts = list(letters.values())
    return {seat: 1 + sum(1 for n in counts if n < held) for seat, held in letters.items()}


def losers_after_rulings(losers: Sequence[str], offenders: Iterable[str]) -> tuple[str, ...]:
    """The deal's losers once rulings ``loses the deal`` are applied: the offenders
    (each once, in ruling order) replace the losers by points; without such a ruling
    the losers stand.

    >>> losers_after_rulings(("A",), ["C", "B", "C"]), losers_after_rulings(("A",), [])
    (('C', 'B'), ('A',))
    """
    replaced = tuple(dict.fromkeys(offenders))
    return replaced if replaced else tuple(losers)


def last_clockwise(
    block: Collection[str], active: Collection[str], order: Sequence[str] = SEAT_LETTERS
) -> str:
    """The seat of a sit-out block that the next block follows under
    :attr:`SitOutRule.ROTATION`: the one whose clockwise neighbour (among ``active``
    and the block) is not in the block.

    >>> last_clockwise(("A", "F"), "BCDE", "ABCDEF")
    'A'
    """
    present = set(active) | set(block)
    for seat in in_seat_order(block, order):
        if next_active(seat, present, order) not in block:
            return seat
    return in_seat_order(block, order)[-1]


def sit_out(
    rule: SitOutRule,
    dealer: str,
    active: Collection[str],
    order: Sequence[str] = SEAT_LETTERS,
    anchor: str | None = None,
) -> tuple[str, ...]:
    """Who sits out the next deal, in seat order: none with four seats at the table,
    one with five, two with six.

    ``anchor`` is the last seat that sat out (:func:`last_clockwise` of the previous
    block), used by :attr:`SitOutRule.ROTATION`; ``None`` before anyone has sat out.

    >>> sit_out(SitOutRule.ROTATION, "C", "ABCDE", anchor="A")
    ('B',)
    """
    count = len(active) - PLAYERS_PER_DEAL
    if count <= 0:
        return ()
    step = previous_active
    if rule is SitOutRule.ROTATION and anchor is not None:
        block: list[str] = []
        seat = anchor
        for _ in range(count):
            seat = next_active(seat, active, order)
            block.append(seat)
        return in_seat_order(block, order)
    if rule is SitOutRule.DEALER_AND_LEFT:
        step = next_active
    block = [dealer]
    seat = dealer
    for _ in range(count - 1):
        seat = step(seat, active, order)
        block.append(seat)
    return in_seat_order(block, order)
