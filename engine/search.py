"""The "hard" bot: determinised search over one seat's knowledge.

For a decision, :func:`evaluate` draws deals consistent with what the seat knows
(:class:`~engine.sampler.Sampler`), tries every candidate action in each, and
plays each on to the end: with a fast heuristic playout, or, in the last tricks,
with an exhaustive search where every seat minimises its own chance of losing
(max^n). The estimate of an action is the share of those deals the seat lost
after it (the same samples for every action). :class:`SearchBot` picks the
lowest within a time budget per decision; it packs when every sample is lost.

>>> from engine.deal import Deal
>>> from engine.knowledge import Knowledge
>>> deal = Deal.new(seed=3)
>>> bot = SearchBot(samples=4, seed=1)
>>> bot.choose(Knowledge.of(deal, deal.turn)) in deal.legal_actions()
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import HEJMA
from engine.counting import hand_risk, legal_cards, surely_loses
from engine.deal import PACK, PASS_FLAG, Deal
from engine.knowledge import SUIT_MASKS, Knowledge
from engine.rules import POINTS
from engine.sampler import DealSampler, Sampler

__all__ = [
    "DEFAULT_BUDGET_MS",
    "Estimate",
    "SearchBot",
    "candidate_passes",
    "evaluate",
    "maxn",
    "playout",
]

#: The default thinking time per decision, in milliseconds.
DEFAULT_BUDGET_MS = 200
_SPADES = 1


@dataclass(frozen=True)
class Estimate:
    """What the samples say of one action: the share lost and the mean points taken."""

    action: int
    loss: float
    points: float
    samples: int

    @property
    def rank(self) -> tuple[float, float, int]:
        """Lower is better: the loss rate, then the points, then the lower action."""
        return (self.loss, self.points, self.action)


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _quick_pass(hand: int, seat: int, strength: tuple[int, ...]) -> int:
    """A cheap pass for playouts: the three cards that hurt most on their own."""

    def danger(c: int) -> int:
        r = strength[c]
        if c == HEJMA:
            return 40 if (hand & SUIT_MASKS[_SPADES]).bit_count() < 5 else 5
        if c < 8:
            return 6 + r + 2 * POINTS[c]
        if c >> 3 == _SPADES and r > strength[HEJMA] and not hand >> HEJMA & 1:
            return 12 + r
        return r

    top = sorted(_cards(hand), key=danger, reverse=True)[:3]
    return PASS_FLAG | seat << 32 | (1 << top[0]) | (1 << top[1]) | (1 << top[2])


def _quick_play(deal: Deal, seat: int, trick: list[int], strength: tuple[int, ...]) -> int:
    """A cheap card for playouts: duck under, shed danger when void, lead low."""
    legal = deal.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if not trick:
        return min(legal, key=lambda c: (c == HEJMA, c < 8, strength[c], c))
    led = trick[0] >> 3
    if legal[0] >> 3 != led:
        hand = deal.hand_mask(seat)

        def shed(c: int) -> int:
            r = strength[c]
            if c == HEJMA:
                return 100
            if c >> 3 == _SPADES and r > strength[HEJMA] and not hand >> HEJMA & 1:
                return 50 + r
            if c < 8:
                return 20 + 3 * POINTS[c] + r
            return r

        return max(legal, key=shed)
    best = max(strength[c] for c in trick if c >> 3 == led)
    under = [c for c in legal if strength[c] < best]
    if under:
        if HEJMA in under:
            return HEJMA
        return max(under, key=lambda c: strength[c])
    safe = [c for c in legal if c != HEJMA] or list(legal)
    if len(trick) == 3:
        return max(safe, key=lambda c: strength[c])
    return min(safe, key=lambda c: strength[c])


def playout(deal: Deal) -> Deal:
    """Play ``deal`` (changed in place) to its end with the quick heuristic; returns it."""
    strength = deal.ruleset.strength
    if deal.phase == "pass":
        for s in range(4):
            if not deal.has_passed(s):
                deal.apply(_quick_pass(deal.hand_mask(s), s, strength))
    plays = deal.plays
    n = len(plays) % 4
    trick = list(plays[len(plays) - n :]) if n else []
    while not deal.is_over():
        seat = deal.turn
        assert seat is not None
        card = _quick_play(deal, seat, trick, strength)
        deal.apply(card)
        trick.append(card)
        if len(trick) == 4:
            trick = []
    return deal


def maxn(deal: Deal) -> tuple[tuple[int, int], ...]:
    """Exhaustive search of the rest of a deal in play: each seat to move picks the card
    that minimises (it loses, its points), lowest card on ties. Returns (lost, points)
    for each seat. Meant for the last tricks only."""
    if deal.is_over():
        result = deal.result()
        losers = {int(s) for s in result.loser}
        return tuple((1 if s in losers else 0, result.points[s]) for s in range(4))
    seat = deal.turn
    assert seat is not None
    best: tuple[tuple[int, int], ...] | None = None
    for card in deal.legal_actions():
        child = deal.clone()
        child.apply(card)
        value = maxn(child)
        if best is None or value[seat] < best[seat]:
            best = value
    assert best is not None
    return best


def _finish(deal: Deal, seat: int, exact_cards: int) -> tuple[int, int]:
    if deal.phase == "play" and 32 - len(deal.plays) <= exact_cards:
        return maxn(deal)[seat]
    result = playout(deal).result()
    return (1 if seat in result.loser else 0, result.points[seat])


def candidate_passes(k: Knowledge, limit: int | None = None) -> list[int]:
    """The seat's pass actions, safest first by the counting heuristic (``limit`` of them)."""
    strength = k.ruleset.strength
    hand = k.hand
    cards = _cards(hand)
    masks = [
        (1 << a) | (1 << b) | (1 << c)
        for i, a in enumerate(cards)
        for j, b in enumerate(cards[i + 1 :], i + 1)
        for c in cards[j + 1 :]
    ]
    masks.sort(key=lambda m: (hand_risk(hand & ~m, strength), m))
    return [PASS_FLAG | k.seat << 32 | m for m in masks[:limit]]


def evaluate(
    k: Knowledge,
    actions: Sequence[int],
    rng: random.Random,
    *,
    samples: int | None = None,
    deadline: float | None = None,
    exact_tricks: int = 2,
    sampler: DealSampler | None = None,
) -> list[Estimate]:
    """Estimate each action of the seat of ``k`` over sampled deals (see the module doc).

    Stops after ``samples`` deals or at ``deadline`` (a ``time.perf_counter()`` value),
    whichever comes first, after at least one deal; ``sampler`` defaults to a uniform one.
    """
    if samples is None and deadline is None:
        raise ValueError("give samples, a deadline, or both")
    sampler = sampler or Sampler(k)
    exact_cards = 4 * exact_tricks
    lost = [0] * len(actions)
    points = [0] * len(actions)
    n = 0
    while True:
        world = sampler.sample(rng)
        for i, action in enumerate(actions):
            d = world.clone()
            d.apply(action)
            lo, pts = _finish(d, k.seat, exact_cards)
            lost[i] += lo
            points[i] += pts
        n += 1
        if samples is not None and n >= samples:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return [Estimate(a, lost[i] / n, points[i] / n, n) for i, a in enumerate(actions)]


class SearchBot:
    """The hard level: determinised search within ``budget_ms`` per decision.

    ``samples`` fixes the number of sampled deals instead (then, with a ``seed``, every
    decision is reproducible); with both, whichever ends first.
    """

    def __init__(
        self,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        *,
        samples: int | None = None,
        seed: int | None = None,
        pass_candidates: int = 8,
        exact_tricks: int = 2,
    ) -> None:
        if samples is not None:
            budget_ms = budget_ms if budget_ms != DEFAULT_BUDGET_MS else None
        self.budget_ms = budget_ms
        self.samples = samples
        self.rng = random.Random(seed)
        self.pass_candidates = pass_candidates
        self.exact_tricks = exact_tricks

    def choose(self, k: Knowledge) -> int:
        """The action for the seat of ``k``."""
        start = time.perf_counter()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        if k.phase == "pass":
            actions = candidate_passes(k, self.pass_candidates)
        else:
            if k.can_pack() and surely_loses(k):
                return PACK + k.seat
            actions = legal_cards(k)
            if len(actions) == 1 and not k.can_pack():
                return actions[0]
        estimates = evaluate(
            k,
            actions,
            self.rng,
            samples=self.samples,
            deadline=deadline,
            exact_tricks=self.exact_tricks,
        )
        best = min(estimates, key=lambda e: e.rank)
        if k.phase == "play" and best.loss == 1.0 and best.samples >= 16 and k.can_pack():
            return PACK + k.seat
        return best.action
