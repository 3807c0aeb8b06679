"""The "medium" bot: a heuristic that counts cards.

:class:`CountingBot` decides from a :class:`~engine.knowledge.Knowledge` only:
it remembers every card played and every void shown, knows which of its passed
cards its left neighbour still holds, passes to void a suit and to shed Hejma and
the cards that catch it, judges every card by the ruleset's rank order
(mariash included), and packs when it has surely lost.

>>> from engine.deal import Deal
>>> from engine.bots import bot_action
>>> deal = Deal.new(seed=4)
>>> bot = CountingBot()
>>> while not deal.is_over():
...     seat = deal.turn
...     action = bot_action(bot, deal, seat)
...     assert action in deal.legal_actions() or action == 32 + seat
...     deal.apply(action)
"""

from __future__ import annotations

from itertools import combinations

from engine.cards import HEJMA
from engine.deal import PACK, PASS_FLAG
from engine.knowledge import SUIT_MASKS, Knowledge
from engine.rules import POINTS

__all__ = ["CountingBot", "card_risk", "hand_risk", "legal_cards", "surely_loses"]

_HEARTS, _SPADES = 0, 1


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def legal_cards(k: Knowledge) -> list[int]:
    """The cards the seat may play now (empty unless it is its turn)."""
    return list(k.legal_actions()) if k.phase == "play" else []


def card_risk(card: int, hand: int, strength: tuple[int, ...]) -> float:
    """How much keeping ``card`` in ``hand`` (before play) threatens its holder."""
    suit = card >> 3
    r = strength[card]
    mine = hand & SUIT_MASKS[suit]
    lows = sum(1 for c in _cards(mine) if strength[c] < r)
    risk = max(0.0, r - 1.5 * lows - 1.0)
    if card == HEJMA:
        return 40.0 if mine.bit_count() < 5 else 4.0
    if suit == _SPADES and r > strength[HEJMA] and not hand >> HEJMA & 1:
        return risk + (14.0 if lows < 3 else 2.0)
    if suit == _HEARTS:
        return 1.5 * risk + POINTS[card]
    return risk


def hand_risk(hand: int, strength: tuple[int, ...]) -> float:
    """The danger of a whole hand: its cards' risks, less a bonus for each void suit."""
    risk = sum(card_risk(c, hand, strength) for c in _cards(hand))
    for suit in (1, 2, 3):
        if not hand & SUIT_MASKS[suit]:
            risk -= 7.0 if suit != _SPADES or not hand >> HEJMA & 1 else 0.0
    return risk


def best_pass(hand: int, strength: tuple[int, ...]) -> int:
    """The three cards (a mask) whose pass leaves the least dangerous hand."""
    best, best_risk = 0, float("inf")
    for triple in combinations(_cards(hand), 3):
        mask = (1 << triple[0]) | (1 << triple[1]) | (1 << triple[2])
        risk = hand_risk(hand & ~mask, strength)
        if risk < best_risk:
            best, best_risk = mask, risk
    return best


def surely_loses(k: Knowledge) -> bool:
    """True if the seat has more points than any other seat can still reach."""
    me = k.points[k.seat]
    left = k.points_left
    return all(me > k.points[s] + left for s in range(4) if s != k.seat)


class CountingBot:
    """The medium level: a card-counting heuristic (see the module doc)."""

    def choose(self, k: Knowledge) -> int:
        """The action for the seat of ``k``."""
        strength = k.ruleset.strength
        if k.phase == "pass":
            return PASS_FLAG | k.seat << 32 | best_pass(k.hand, strength)
        if k.can_pack() and surely_loses(k):
            return PACK + k.seat
        return self.play(k)

    def play(self, k: Knowledge) -> int:
        """The card to play."""
        strength = k.ruleset.strength
        legal = legal_cards(k)
        if len(legal) == 1:
            return legal[0]
        trick = k.trick
        unseen = k.unseen
        hejma_out = bool(unseen >> HEJMA & 1)
        if not trick:
            return min(legal, key=lambda c: (self._lead_cost(k, c, unseen, hejma_out), c))
        led = trick[0] >> 3
        if legal[0] >> 3 != led:  # void: shed the most dangerous card
            return max(legal, key=lambda c: (self._shed_value(k, c, hejma_out), c))
        best = max(strength[c] for c in trick if c >> 3 == led)
        points = sum(POINTS[c] for c in trick)
        under = [c for c in legal if strength[c] < best]
        pos = len(trick)
        later = [(k.seat + i) & 3 for i in range(1, 4 - pos)]
        higher_out = [
            c
            for c in _cards(unseen & SUIT_MASKS[led])
            if strength[c] > max(strength[x] for x in legal)
        ]
        later_can_follow = any(not k.voids[s] >> led & 1 for s in later)
        if under:
            if HEJMA in under:
                return HEJMA
            if pos == 3 and points == 0 and len(k.takers) < 7:
                over = [c for c in legal if c != HEJMA and strength[c] > best]
                if over and max(strength[c] for c in over) >= 5:
                    return max(over, key=lambda c: strength[c])
            return max(under, key=lambda c: strength[c])
        safe = [c for c in legal if c != HEJMA] or legal
        if pos == 3 or not higher_out or not later_can_follow:
            return max(safe, key=lambda c: strength[c])  # the trick is mine: shed the highest
        return min(safe, key=lambda c: strength[c])

    @staticmethod
    def _lead_cost(k: Knowledge, card: int, unseen: int, hejma_out: bool) -> float:
        strength = k.ruleset.strength
        suit = card >> 3
        r = strength[card]
        others = [(k.seat + i) & 3 for i in (1, 2, 3)]
        higher = [c for c in _cards(unseen & SUIT_MASKS[suit]) if strength[c] > r]
        voids = sum(1 for s in others if k.voids[s] >> suit & 1)
        cost = 0.3 * r
        if not higher:  # this card takes the trick
            cost += 4.0 + POINTS[card] + 6.0 * voids
            if suit == _HEARTS:
                cost += (unseen & SUIT_MASKS[0]).bit_count()
            if suit == _SPADES and hejma_out:
                cost += 8.0  # Hejma may fall under it
        else:
            cost += POINTS[card] * 0.6
            if card == HEJMA:
                cost += 12.0
            elif suit == _SPADES and hejma_out and r < strength[HEJMA]:
                mine_high = any(
                    strength[c] > strength[HEJMA] for c in _cards(k.hand & SUIT_MASKS[_SPADES])
                )
                cost += 2.0 if mine_high else -2.0  # flush Hejma out
            cost += 2.0 * voids  # a void seat may shed on whoever takes it
            if card >> 3 == _SPADES and k.left_holds >> HEJMA & 1:
                cost -= 1.0  # the left holds the Hejma we passed: make it play
        return cost

    @staticmethod
    def _shed_value(k: Knowledge, card: int, hejma_out: bool) -> float:
        strength = k.ruleset.strength
        suit = card >> 3
        r = strength[card]
        if card == HEJMA:
            return 100.0
        if suit == _SPADES and hejma_out and r > strength[HEJMA]:
            return 50.0 + r
        if suit == _HEARTS:
            higher = [c for c in _cards(k.unseen & SUIT_MASKS[0]) if strength[c] > r]
            return 20.0 + 3 * POINTS[card] + r + (0 if higher else 4)
        n = (k.hand & SUIT_MASKS[suit]).bit_count()
        return r + (3.0 if n <= 2 else 0.0)
