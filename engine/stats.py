"""Statistics of a finished deal that players like to see.

>>> from engine.deal import Deal
>>> deal = Deal.new(seed=2)
>>> while not deal.is_over():
...     deal.apply(deal.legal_actions()[0])
>>> stats = deal_stats(deal)
>>> sum(stats.points.values()) in range(17, 34), sorted(stats.to_json())
(True, ['hejma', 'honest_suits', 'last_trick', 'points', 'tricks'])
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import SEATS, Seat, Suit
from engine.deal import SUIT_MASK, Deal

__all__ = ["DealStats", "deal_stats", "honest_suits"]


def honest_suits(hands: list[int]) -> list[Suit]:
    """Suits of which every seat holds exactly two cards (poctivá barva).

    ``hands`` are the four 8-card bitmasks after the pass.

    >>> honest_suits([0x03030303, 0x0C0C0C0C, 0x30303030, 0xC0C0C0C0])
    [<Suit.HEARTS: 0>, <Suit.SPADES: 1>, <Suit.DIAMONDS: 2>, <Suit.CLUBS: 3>]
    """
    return [Suit(s) for s in range(4) if all((h & SUIT_MASK[s]).bit_count() == 2 for h in hands)]


@dataclass(frozen=True)
class DealStats:
    """Points and tricks by seat, who took Hejma and the last trick, the honest suits."""

    points: dict[Seat, int]
    tricks: dict[Seat, int]
    hejma: Seat | None
    last_trick: Seat | None
    honest_suits: tuple[Suit, ...]

    def to_json(self) -> dict[str, object]:
        """The statistics as JSON (seat letters, suit codes)."""
        return {
            "points": {s.code: v for s, v in self.points.items()},
            "tricks": {s.code: v for s, v in self.tricks.items()},
            "hejma": None if self.hejma is None else self.hejma.code,
            "last_trick": None if self.last_trick is None else self.last_trick.code,
            "honest_suits": [s.code for s in self.honest_suits],
        }


def deal_stats(deal: Deal) -> DealStats:
    """Statistics of a deal (finished, or so far)."""
    honest: tuple[Suit, ...] = ()
    if deal.phase != "pass":
        after_pass = [
            (deal.dealt_mask(s) & ~deal.passed_mask(s)) | deal.received_mask(s) for s in SEATS
        ]
        honest = tuple(honest_suits(after_pass))
    points, tricks = deal.points(), deal.trick_counts()
    return DealStats(
        points={s: points[s] for s in SEATS},
        tricks={s: tricks[s] for s in SEATS},
        hejma=deal.hejma_taker,
        last_trick=deal.last_trick_taker,
        honest_suits=honest,
    )
