"""What one seat knows about a deal: its view plus its memory of the table.

A seat's view (:func:`engine.views.seat_view`) is a snapshot: its hand, the
cards it passed and received, the trick on the table. A player at a table also
remembers every card it saw played, and so knows who showed a void in which
suit, how many points each seat has taken, and which of the three cards it
passed its left neighbour still holds. :class:`Knowledge` is exactly that: built
from the seat's view and the public sequence of played cards, never from the
other hands. Bots decide from a ``Knowledge`` alone.

>>> from engine.deal import Deal
>>> deal = Deal.new(seed=5)
>>> while deal.phase == "pass":
...     deal.apply(deal.legal_actions()[0])
>>> for _ in range(6):
...     deal.apply(deal.legal_actions()[0])
>>> k = Knowledge.of(deal, 0)
>>> k.hand.bit_count() + len([s for s in k.players if s == 0]), len(k.plays), k.trick_position
(8, 6, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, NamedTuple

from engine.cards import Seat, card_index
from engine.deal import Deal, PassActions, _cards_of
from engine.rules import LAST_TRICK_POINTS, POINTS, TOTAL_POINTS, Ruleset

__all__ = ["SUIT_MASKS", "Knowledge", "mask_of"]

#: The card bits of each suit (hearts, spades, diamonds, clubs).
SUIT_MASKS = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)


def mask_of(codes: Sequence[str] | None) -> int:
    """The bitmask of a list of card codes (``None`` is the empty mask)."""
    m = 0
    for code in codes or ():
        m |= 1 << card_index(code)
    return m


class _Seen(NamedTuple):
    """What the seat sees, field by field: its view's part and the cards played."""

    seat: int
    dealer: int
    ruleset: Ruleset
    phase: str
    hand: int
    passed: int
    received: int
    plays: tuple[int, ...]
    #: The seat to move, as the view shows it (in the pass phase: the first seat still
    #: to pass; None once the deal is over).
    turn: int | None


class _Memory(NamedTuple):
    players: tuple[int, ...]
    takers: tuple[int, ...]
    voids: tuple[int, int, int, int]
    points: tuple[int, int, int, int]


class Knowledge(_Seen):
    """Everything ``seat`` knows: its view and the cards it saw played (in order).

    The fields are what the seat sees; what it remembers (who played each card, who took
    each trick, voids shown, points taken) is worked out from the plays on first use, so
    a bot that needs only its hand and the table pays nothing for it. Immutable: two
    knowledges are equal when the seat saw the same.
    """

    # -- construction ---------------------------------------------------------
    @classmethod
    def from_view(cls, view: Mapping[str, Any], plays: Sequence[int]) -> Knowledge:
        """Build from a seat's view (:func:`~engine.views.seat_view`) and the public plays."""
        turn = view["turn"]
        return cls(
            seat="ABCD".index(view["seat"]),
            dealer="ABCD".index(view["dealer"]),
            ruleset=Ruleset.from_json(view["ruleset"]),
            phase=view["phase"],
            hand=mask_of(view["hand"]),
            passed=mask_of(view["passed"]),
            received=mask_of(view["received"]),
            plays=tuple(plays),
            turn=None if turn is None else "ABCD".index(turn),
        )

    @classmethod
    def of(cls, deal: Deal, seat: Seat | str | int) -> Knowledge:
        """What ``seat`` knows of ``deal`` now: its view plus the cards played so far.

        The same as :meth:`from_view` of :func:`~engine.views.seat_view` (tests hold it to
        that), read from :meth:`Deal.sight <engine.deal.Deal.sight>`, the deal's accessor
        of exactly those fields, without the JSON.

        >>> from engine.views import seat_view
        >>> d = Deal.new(seed=3)
        >>> Knowledge.of(d, "B") == Knowledge.from_view(seat_view(d, "B"), d.plays)
        True
        """
        return _new(cls, deal.sight(seat))  # type: ignore[no-any-return]

    # -- what the seat remembers ------------------------------------------------
    @cached_property
    def _memory(self) -> _Memory:
        strength = self.ruleset.strength
        leader = (self.dealer + 1) & 3
        players: list[int] = []
        takers: list[int] = []
        voids = [0, 0, 0, 0]
        pts = [0, 0, 0, 0]
        plays = self.plays
        for start in range(0, len(plays), 4):
            trick = plays[start : start + 4]
            led = trick[0] >> 3
            best, winner = -1, leader
            for i, card in enumerate(trick):
                s = (leader + i) & 3
                players.append(s)
                if card >> 3 != led:
                    voids[s] |= 1 << led
                elif strength[card] > best:
                    best, winner = strength[card], s
            if len(trick) == 4:
                takers.append(winner)
                pts[winner] += (
                    POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
                )
                if len(takers) == 8:
                    pts[winner] += LAST_TRICK_POINTS
                leader = winner
        return _Memory(
            tuple(players),
            tuple(takers),
            (voids[0], voids[1], voids[2], voids[3]),
            (pts[0], pts[1], pts[2], pts[3]),
        )

    @property
    def players(self) -> tuple[int, ...]:
        """Who played each card of ``plays``."""
        return self._memory.players

    @property
    def takers(self) -> tuple[int, ...]:
        """The taker of each completed trick."""
        return self._memory.takers

    @property
    def voids(self) -> tuple[int, int, int, int]:
        """Per seat, a bitmask of the suits (bit = suit index) it has shown void in."""
        return self._memory.voids

    @property
    def points(self) -> tuple[int, int, int, int]:
        """Points each seat has taken so far (the last-trick 5 included once taken)."""
        return self._memory.points

    # -- derived facts --------------------------------------------------------
    @property
    def tricks_done(self) -> int:
        """How many tricks are complete."""
        return len(self.plays) >> 2

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards of the trick on the table, in order."""
        n = len(self.plays) & 3
        return self.plays[-n:] if n else ()

    @property
    def trick_position(self) -> int:
        """How many cards lie on the table (0: the seat to move leads)."""
        return len(self.plays) & 3

    @property
    def played(self) -> int:
        """The mask of every card played."""
        m = 0
        for c in self.plays:
            m |= 1 << c
        return m

    @property
    def left_holds(self) -> int:
        """The passed cards the left neighbour still holds (it received them)."""
        if self.phase == "pass":
            return 0
        return self.passed & ~self.played

    @property
    def unseen(self) -> int:
        """Cards neither in this seat's hand nor played: held by the other seats."""
        return 0xFFFFFFFF & ~self.hand & ~self.played

    def played_by(self, seat: int) -> int:
        """The mask of the cards ``seat`` has played."""
        m = 0
        for c, s in zip(self.plays, self.players, strict=True):
            if s == seat:
                m |= 1 << c
        return m

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds now."""
        return 8 - sum(1 for s in self.players if s == seat)

    @property
    def points_left(self) -> int:
        """Points not yet taken (cards in hands or on the table, and the last trick)."""
        return TOTAL_POINTS - sum(self.points)

    def legal_actions(self) -> Sequence[int]:
        """The seat's legal passes (pass phase) or cards (its turn in play), sorted: what
        :meth:`Deal.legal_actions <engine.deal.Deal.legal_actions>` gives it, from its
        knowledge alone. Packing is separate: :meth:`can_pack`."""
        if self.phase == "pass":
            return () if self.passed else PassActions(self.hand, self.seat)
        if self.phase != "play" or self.turn != self.seat:
            return ()
        hand = self.hand
        n = len(self.plays) & 3
        if n:
            follow = hand & SUIT_MASKS[self.plays[-n] >> 3]
            if follow:
                hand = follow
        return _cards_of(hand)

    def can_pack(self) -> bool:
        """True if this seat may pack now (its total would reach 17)."""
        return self.phase == "play" and self.points[self.seat] + self.points_left >= 17


_new = tuple.__new__
