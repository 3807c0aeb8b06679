"""Cards of the 52-card deck used by Smoke, ace high.

A card is written rank then suit, two characters, like the main engine:
ranks ``2 3 4 5 6 7 8 9 T J Q K A``, suits ``C D H S``.

>>> card = Card.parse("th")
>>> card.code, card.rank, card.suit
('TH', 10, 'H')
>>> Card.parse("AS") > Card.parse("KS")
True
>>> len(full_deck()), full_deck()[0].code, full_deck()[-1].code
(52, '2C', 'AS')
>>> parse_cards("2c 3d").__len__()
2
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from engine.smoke.errors import CardError

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = {"C": "puppyfeet", "D": "sparklers", "H": "bleeders", "S": "diggers"}
"""Suit names in the table's jargon (the seeds' substitutes)."""

RANK_NAMES = {
    2: "wee one",
    3: "trey",
    4: "little joe",
    5: "nickel",
    6: "bottom loop",
    7: "buggy top",
    8: "double bubble",
    9: "upper loop",
    10: "tracks",
    11: "hook",
    12: "old lady",
    13: "kack",
    14: "pin",
}
"""Rank names in the table's jargon (the first polite substitute of each)."""


@dataclass(frozen=True, order=True)
class Card:
    """One card. Ordered by suit (C < D < H < S), then rank; ``rank`` is 2..14."""

    suit_index: int
    rank: int

    @property
    def suit(self) -> str:
        """The suit letter, ``C D H S``."""
        return SUITS[self.suit_index]

    @property
    def code(self) -> str:
        """The two-character code, e.g. ``"AS"``."""
        return RANKS[self.rank - 2] + self.suit

    @property
    def jargon(self) -> str:
        """The card in words the jargon rule allows.

        >>> Card.parse("QH").jargon
        'old lady of bleeders'
        """
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @classmethod
    def make(cls, rank: int, suit: str) -> Card:
        """Build a card from a rank 2..14 and a suit letter."""
        if rank < 2 or rank > 14 or suit not in SUITS or len(suit) != 1:
            raise CardError(f"no such card: rank {rank}, suit {suit!r}")
        return cls(SUITS.index(suit), rank)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a code such as ``"AS"`` or ``"td"`` (case-insensitive).

        >>> Card.parse("1X")
        Traceback (most recent call last):
        ...
        engine.smoke.errors.CardError: not a card: '1X' (rank 2-9 T J Q K A, suit C D H S)
        """
        if not isinstance(text, str):
            raise CardError(f"not a card: {text!r}")
        code = text.strip().upper()
        if len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
            raise CardError(f"not a card: {text!r} (rank 2-9 T J Q K A, suit C D H S)")
        return cls(SUITS.index(code[1]), RANKS.index(code[0]) + 2)

    def __str__(self) -> str:
        return self.code


def full_deck() -> list[Card]:
    """The 52 cards in sorted order."""
    return [Card(s, r) for s in range(4) for r in range(2, 15)]


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 52 cards in an order drawn from ``rng``."""
    deck = full_deck()
    rng.shuffle(deck)
    return deck


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse space-separated codes, or a list of codes."""
    items = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    """Space-separated codes, the inverse of :func:`parse_cards`.

    >>> format_cards(parse_cards("AS 2c"))
    'AS 2C'
    """
    return " ".join(card.code for card in cards)


def codes(cards: Iterable[Card]) -> list[str]:
    """A JSON-ready list of codes."""
    return [card.code for card in cards]
