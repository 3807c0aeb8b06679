"""Actions of a Smoke hand, with their text codes (parse/format pair).

* ``sit``: sit out this hand.
* ``stay``: play with the five cards as dealt (draw none).
* ``draw 2C 7H``: throw in these cards and draw as many; one is then a player.
* ``mitt``: throw in all five and gather a new mitt (same as drawing five).
* ``AS`` (or ``play AS``): throw out a card.

>>> Action.parse("draw 7h 2c").code
'draw 2C 7H'
>>> Action.parse("draw").code, Action.parse("play as").code
('stay', 'AS')
>>> sorted([Action.parse("draw 2C"), Action.parse("sit"), Action.parse("stay")])[0].code
'sit'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.smoke.cards import Card, parse_cards
from engine.smoke.errors import ActionError, CardError


class Kind(Enum):
    """What an action does; the value orders legal actions."""

    SIT = 0
    DRAW = 1
    PLAY = 2


@dataclass(frozen=True, order=True)
class Action:
    """A decision in the draw phase or a card in the play phase.

    For ``DRAW`` the cards are the discards, sorted (none: stay pat).
    """

    kind_order: int
    cards: tuple[Card, ...] = ()

    @property
    def kind(self) -> Kind:
        """The kind of action."""
        return Kind(self.kind_order)

    @classmethod
    def sit(cls) -> Action:
        """Sit out."""
        return cls(Kind.SIT.value)

    @classmethod
    def draw(cls, discards: tuple[Card, ...] | list[Card] = ()) -> Action:
        """Stay and draw in place of ``discards`` (none: stay pat)."""
        return cls(Kind.DRAW.value, tuple(sorted(discards)))

    @classmethod
    def play(cls, card: Card) -> Action:
        """Throw out ``card``."""
        return cls(Kind.PLAY.value, (card,))

    @property
    def card(self) -> Card:
        """The card of a ``PLAY`` action."""
        if self.kind is not Kind.PLAY:
            raise ActionError(f"{self.code} is not a card play")
        return self.cards[0]

    @property
    def code(self) -> str:
        """The text code; :meth:`parse` reads it back."""
        if self.kind is Kind.SIT:
            return "sit"
        if self.kind is Kind.PLAY:
            return self.cards[0].code
        if not self.cards:
            return "stay"
        if len(self.cards) == 5:
            return "mitt"
        return "draw " + " ".join(card.code for card in self.cards)

    @property
    def public_code(self) -> str:
        """What the other participants see: the discards lie face down, so a draw shows
        only how many cards it changes (``draw 2``); everything else is :attr:`code`.

        >>> Action.parse("draw 7h 2c").public_code, Action.parse("sit").public_code
        ('draw 2', 'sit')
        """
        if self.kind is Kind.DRAW and 0 < len(self.cards) < 5:
            return f"draw {len(self.cards)}"
        return self.code

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str, hand: tuple[Card, ...] | None = None) -> Action:
        """Parse an action code. ``mitt`` needs ``hand`` (the five to throw in)
        unless the caller resolves it; without ``hand`` it is kept as a marker
        of five unknown cards and rejected by the hand state.

        >>> Action.parse("fold")
        Traceback (most recent call last):
        ...
        engine.smoke.errors.ActionError: not an action: 'fold' (sit, stay, draw CARDS, mitt, CARD)
        """
        words = text.strip().split()
        if not words:
            raise ActionError("empty action")
        head = words[0].lower()
        try:
            if head == "sit" and len(words) == 1:
                return cls.sit()
            if head in ("stay", "play") and len(words) == 1:
                return cls.draw()
            if head == "draw":
                return cls.draw(parse_cards(words[1:]))
            if head == "mitt" and len(words) == 1:
                if hand is None:
                    raise ActionError("mitt needs the hand it throws in")
                return cls.draw(hand)
            if head == "play" and len(words) == 2:
                return cls.play(Card.parse(words[1]))
            if len(words) == 1:
                return cls.play(Card.parse(words[0]))
        except CardError as err:
            if head not in ("draw", "play"):
                raise ActionError(
                    f"not an action: {text!r} (sit, stay, draw CARDS, mitt, CARD)"
                ) from err
            raise ActionError(f"not an action: {text!r} ({err.detail})") from err
        raise ActionError(f"not an action: {text!r} (sit, stay, draw CARDS, mitt, CARD)")
