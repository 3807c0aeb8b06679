"""Bots behind one small protocol, and matches between them.

A bot is anything with ``choose(k) -> action``, where ``k`` is the seat's
:class:`~engine.knowledge.Knowledge`: its view (:func:`engine.views.seat_view`) and the
cards it saw played, never the :class:`~engine.deal.Deal` with the other hands.
:func:`bot_action` is the one way callers holding a deal ask a bot for its action.

>>> result = play_match([HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], deals=20, seed=1)
>>> result.deals, sum(result.losses) >= 20
(20, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.cards import HEJMA, Seat
from engine.deal import PASS_FLAG, SUIT_MASK, Deal, _cards_of
from engine.knowledge import Knowledge
from engine.rules import DEFAULT_RULESET, POINTS, Ruleset

__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "MatchResult",
    "RandomBot",
    "bot_action",
    "play_match",
]

_SPADES = SUIT_MASK[1]
_HEARTS = SUIT_MASK[0]


class Bot(Protocol):
    """A player: from what its seat knows, picks one of its legal actions (or packs)."""

    def choose(self, k: Knowledge) -> int:
        """The action the seat of ``k`` takes now."""
        ...


def bot_action(bot: Bot, deal: Deal, seat: Seat | str | int) -> int:
    """The action ``bot`` takes for ``seat`` in ``deal``, shown only what the seat knows.

    >>> d = Deal.new(seed=1)
    >>> bot_action(RandomBot(seed=3), d, d.turn) in d.legal_actions()
    True
    """
    return bot.choose(Knowledge.of(deal, seat))


class RandomBot:
    """Plays and passes uniformly at random; never packs."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)

    def choose(self, k: Knowledge) -> int:
        """A uniformly random legal action."""
        acts = k.legal_actions()
        return acts[int(self.rng.random() * len(acts))]


def _danger(card: int, hand: int) -> int:
    """How much a card hurts its holder: Hejma, high hearts, spades above Hejma, high cards."""
    rank = card & 7
    d = rank
    if card == HEJMA:
        d += 40 if (hand & _SPADES).bit_count() < 5 else 5
    elif card < 8:
        d += 6 + 2 * POINTS[card]
    elif card >> 3 == 1 and rank > 5 and not hand >> HEJMA & 1:
        d += 12  # the ace or king of spades may catch Hejma
    return d


class HeuristicBot:
    """Plays sensibly: passes dangerous cards, ducks under the winning card, dumps
    Hejma and high hearts when void, wins a harmless trick only with its highest card.

    >>> d = Deal.new(seed=1)
    >>> bot_action(HeuristicBot(), d, d.turn) in d.legal_actions()
    True
    """

    def choose(self, k: Knowledge) -> int:
        """The chosen action (a pass in the pass phase, else a card)."""
        hand = k.hand
        if k.phase == "pass":
            cards = sorted(_cards_of(hand), key=lambda c: _danger(c, hand), reverse=True)
            return PASS_FLAG | k.seat << 32 | (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2])
        legal = k.legal_actions()
        strength = k.ruleset.strength
        trick = k.trick
        if not trick:  # lead: the lowest card, keeping away from hearts and Hejma
            return min(legal, key=lambda c: (c == HEJMA, c < 8, strength[c], -c))
        led = trick[0] >> 3
        if legal[0] >> 3 != led:  # void: dump the most dangerous card
            return max(legal, key=lambda c: (_danger(c, hand), c))
        best = max(strength[c] for c in trick if c >> 3 == led)
        under = [c for c in legal if strength[c] < best]
        if under:  # duck with the highest card that still loses
            return max(under, key=lambda c: strength[c])
        points = sum(POINTS[c] for c in trick)
        if len(trick) == 3 and points == 0 and k.tricks_done < 7:
            safe = [c for c in legal if c != HEJMA]
            if safe:  # a harmless trick: win it with the highest card
                return max(safe, key=lambda c: strength[c])
        safe = [c for c in legal if c != HEJMA] or list(legal)
        return min(safe, key=lambda c: strength[c])


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


@dataclass(frozen=True)
class MatchResult:
    """Losses and points of each seat over a match."""

    deals: int
    losses: tuple[int, int, int, int]
    points: tuple[int, int, int, int]

    def loss_rate(self, seat: int) -> float:
        """Share of the deals ``seat`` lost."""
        return self.losses[seat] / self.deals if self.deals else 0.0


def play_match(
    bots: Sequence[Bot],
    *,
    deals: int,
    seed: int | None = None,
    ruleset: Ruleset = DEFAULT_RULESET,
) -> MatchResult:
    """Four bots (seats A-D) play ``deals`` deals; the dealer rotates; reproducible by seed."""
    rng = random.Random(seed)
    losses = [0, 0, 0, 0]
    points = [0, 0, 0, 0]
    for i in range(deals):
        deal = Deal.new(rng=rng, dealer=i & 3, ruleset=ruleset)
        while not deal.is_over():
            seat = deal.turn
            assert seat is not None
            deal.apply(bot_action(bots[seat], deal, seat))
        result = deal.result()
        for loser in result.loser:
            losses[loser] += 1
        for i in range(4):
            points[i] += result.points[i]
    return MatchResult(deals, (losses[0], losses[1], losses[2], losses[3]), tuple(points))  # type: ignore[arg-type]
