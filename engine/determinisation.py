"""Determinisation for search: full deals consistent with what one seat knows.

A search bot at ``seat`` may not look at the other hands; it samples them instead.
Everything here reads only what ``seat`` may know: its own hand, the cards it
passed and received, every card played so far and by whom (each was face up when
played), the seats that have passed and the hand sizes. From the plays it also knows
which suits a seat lacks (it failed to follow them). Nothing else of the real deal
reaches the result: the other seats' hands, their dealt cards and the passes ``seat``
did not see are all sampled.

* :func:`hidden_cards` sums that up (:class:`HiddenCards`);
* :func:`sample_hands` draws the current hands of the other seats;
* :func:`deal_with_hands` builds the full :class:`~engine.deal.Deal` from the real one
  and such hands directly (cheap checks, no replay from the start);
* :func:`determinise` does both: ``determinise(deal, seat, rng) -> Deal``;
* :class:`Determiniser` does the same from a seat's
  :class:`~engine.knowledge.Knowledge` alone (its view and the public plays, what a bot
  gets), many times over for one decision: the constraints are worked out once, the
  first world is replayed through the public API, the next ones are cheap copies of it
  with other hidden hands (:func:`deal_with_hands`' builder).

The result is an ordinary deal: ``legal_actions``, ``apply`` (checked), ``clone``,
``undo`` and ``result`` work on it as on the real one.

>>> import random
>>> from engine.deal import Deal
>>> deal = Deal.new(seed=3)
>>> while deal.phase == "pass" or len(deal.plays) < 9:
...     deal.apply(deal.legal_actions()[0])
>>> world = determinise(deal, 1, random.Random(7))
>>> world.hand_mask(1) == deal.hand_mask(1), world.plays == deal.plays, world.turn == deal.turn
(True, True, True)
>>> sorted(world.hand_mask(s).bit_count() for s in range(4)) == sorted(
...     deal.hand_mask(s).bit_count() for s in range(4))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from engine.deal import PASS_FLAG, SUIT_MASK, Deal, _cards_of
from engine.errors import EngineError
from engine.knowledge import Knowledge as SeatKnowledge

__all__ = [
    "Determiniser",
    "HiddenCards",
    "deal_with_hands",
    "determinise",
    "hidden_cards",
    "sample_hands",
]

_FULL = (1 << 32) - 1
_MASK32 = 0xFFFFFFFF
_BITS = tuple(1 << c for c in range(32))


@dataclass(frozen=True)
class HiddenCards:
    """What ``seat`` knows of the cards it cannot see (the play phase; bitmasks by seat).

    ``unknown``: the cards that may lie in another seat's hand and are not placed yet;
    ``known``: cards ``seat`` knows another seat holds (its pass, in its left neighbour's
    hand); ``need``: how many unknown cards each seat holds (0 for ``seat``);
    ``allowed``: the cards each seat may hold (voids shown by the play removed).
    """

    seat: int
    hand: int
    unknown: int
    known: tuple[int, int, int, int]
    need: tuple[int, int, int, int]
    allowed: tuple[int, int, int, int]


def hidden_cards(deal: Deal, seat: int) -> HiddenCards:
    """What ``seat`` knows about the hidden cards now (after the pass)."""
    return _knowledge(deal, seat)[0]


def _knowledge(deal: Deal, seat: int) -> tuple[HiddenCards, list[int]]:
    """The hidden cards as ``seat`` knows them, and the cards each seat played: read from
    the seat's :class:`~engine.knowledge.Knowledge`, the one account of what a seat knows."""
    if deal.phase == "pass":
        raise EngineError("knowledge is about the play: every seat must have passed")
    return _hidden(SeatKnowledge.of(deal, seat))


def _hidden(k: SeatKnowledge) -> tuple[HiddenCards, list[int]]:
    """What ``k`` leaves hidden, as bitmasks by seat, and the cards each seat played."""
    seat = k.seat
    unknown = _FULL & ~k.hand
    known = [0, 0, 0, 0]
    need = [8, 8, 8, 8]
    played = [0, 0, 0, 0]
    if k.phase != "pass":
        left = (seat + 1) & 3
        known[left] = k.left_holds
        unknown = k.unseen & ~known[left]
        for c, s in zip(k.plays, k.players, strict=True):
            played[s] |= _BITS[c]
        need = [k.hand_size(t) - known[t].bit_count() for t in range(4)]
    need[seat] = 0
    allowed = [0, 0, 0, 0]
    for t in range(4):
        if t != seat:
            allowed[t] = unknown
            for suit in range(4):
                if k.voids[t] >> suit & 1:
                    allowed[t] &= ~SUIT_MASK[suit]
    hidden = HiddenCards(
        seat,
        k.hand,
        unknown,
        (known[0], known[1], known[2], known[3]),
        (need[0], need[1], need[2], need[3]),
        (allowed[0], allowed[1], allowed[2], allowed[3]),
    )
    return hidden, played


def _cards(mask: int) -> list[int]:
    return list(_cards_of(mask))


def _assign(
    cards: list[int], need: list[int], allowed: Sequence[int], rng: random.Random
) -> list[int] | None:
    """Give each card to a seat: ``need[t]`` cards each, only cards ``allowed[t]``.

    First a few uniform draws (each card to a seat with a chance in proportion to the
    cards it still needs: a uniform split), dropped at the first card a seat may not
    hold, so an accepted split is uniform among those that fit the voids; then an
    exact uniform draw (:func:`_exact`; always finds one if one exists).
    """
    seats = [t for t in range(4) if need[t]]
    rnd = rng.random
    for _ in range(12):
        left = list(need)
        total = len(cards)
        hands = [0, 0, 0, 0]
        for c in cards:
            r = rnd() * total
            t = 0
            while r >= left[t]:
                r -= left[t]
                t += 1
            if not allowed[t] >> c & 1:
                break
            left[t] -= 1
            total -= 1
            hands[t] |= _BITS[c]
        else:
            return hands
    return _exact(cards, need, allowed, seats, rng)


def _exact(
    cards: list[int], need: list[int], allowed: Sequence[int], seats: list[int], rng: random.Random
) -> list[int] | None:
    """A split drawn exactly uniformly among those that fit, suit by suit: how many cards
    of each suit every seat gets, weighted by the number of deals behind it
    (:func:`_split_table`, memoised per constraints), then which ones at random."""
    table = _split_table(tuple(cards), tuple(need), tuple(allowed), tuple(seats))
    left = tuple(need)
    if table is None:
        return None
    hands = [0, 0, 0, 0]
    for suit in range(4):
        options, weights, suit_cards = table[suit, left]
        taken, left = rng.choices(options, weights)[0]
        pool = list(suit_cards)
        rng.shuffle(pool)
        i = 0
        for t in range(4):
            for c in pool[i : i + taken[t]]:
                hands[t] |= _BITS[c]
            i += taken[t]
    return hands


_Options = tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int], tuple[int, ...]]


@lru_cache(maxsize=512)
def _split_table(
    cards: tuple[int, ...],
    need: tuple[int, ...],
    allowed: tuple[int, ...],
    seats: tuple[int, ...],
) -> dict[tuple[int, tuple[int, ...]], _Options] | None:
    """For each suit and what each seat still needs: the options (cards of the suit each
    seat takes, what it needs after) with their weights (deals behind each), the suit's
    cards. ``allowed`` comes from voids: a seat may hold all the unplaced cards of a suit
    or none of them. None if nothing fits."""
    by_suit = [tuple(c for c in cards if c >> 3 == suit) for suit in range(4)]
    fits = [tuple(t for t in seats if allowed[t] & SUIT_MASK[suit]) for suit in range(4)]
    count: dict[tuple[int, tuple[int, ...]], int] = {}
    table: dict[tuple[int, tuple[int, ...]], _Options] = {}

    def splits(suit: int, left: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        n = len(by_suit[suit])
        seats_here = fits[suit]
        if not seats_here:
            return [((0, 0, 0, 0), 1)] if n == 0 else []
        out: list[tuple[tuple[int, ...], int]] = []
        taken = [0, 0, 0, 0]

        def go(i: int, rest: int, ways: int) -> None:
            t = seats_here[i]
            if i == len(seats_here) - 1:
                if rest <= left[t]:
                    taken[t] = rest
                    out.append(((taken[0], taken[1], taken[2], taken[3]), ways))
                    taken[t] = 0
                return
            for k in range(min(rest, left[t]) + 1):
                taken[t] = k
                go(i + 1, rest - k, ways * comb(rest, k))
            taken[t] = 0

        go(0, n, 1)
        return out

    def ways(suit: int, left: tuple[int, ...]) -> int:
        if suit == 4:
            return 0 if any(left) else 1
        key = (suit, left)
        if key not in count:
            options: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
            weights = []
            for taken, w in splits(suit, left):
                rest = (
                    left[0] - taken[0],
                    left[1] - taken[1],
                    left[2] - taken[2],
                    left[3] - taken[3],
                )
                w *= ways(suit + 1, rest)
                if w:
                    options.append((taken, rest))
                    weights.append(w)
            count[key] = sum(weights)
            table[key] = (options, weights, by_suit[suit])
        return count[key]

    return table if ways(0, need) else None


def sample_hands(deal: Deal, seat: int, rng: random.Random) -> list[int]:
    """The current hands of all four seats (masks): ``seat``'s own, the others sampled.

    Each other seat gets the cards ``seat`` knows it holds plus unknown cards it may
    hold (not of a suit it showed it lacks), as many as its hand size needs.
    """
    return _sample(_knowledge(deal, seat)[0], rng)


def _sample(k: HiddenCards, rng: random.Random) -> list[int]:
    placed = _assign(_cards(k.unknown), list(k.need), k.allowed, rng)
    if placed is None:  # impossible for a real deal: its own hands fit
        raise EngineError("no hands fit what this seat knows")
    hands = [placed[t] | k.known[t] for t in range(4)]
    hands[k.seat] = k.hand
    return hands


def deal_with_hands(
    deal: Deal, seat: int, hands: Sequence[int], rng: random.Random | None = None
) -> Deal:
    """The state of ``deal`` as ``seat`` knows it, with the others holding ``hands`` now.

    ``hands`` are four masks (``hands[seat]`` must be ``seat``'s own hand). The public
    part of the state (plays, tricks, points, turn, pack) is copied; the other seats'
    dealt hands and the passes ``seat`` did not see are re-made to fit ``hands`` (those
    passes drawn with ``rng``), so nothing hidden of the real deal remains. Checked
    cheaply: sizes, no card twice, voids and the cards ``seat`` knows; raises
    :class:`~engine.errors.EngineError` otherwise. After the pass only.
    """
    k, played = _knowledge(deal, seat)
    if len(hands) != 4 or hands[seat] != k.hand:
        raise EngineError("hands must be four masks, with the seat's own hand unchanged")
    seen = k.hand
    for t in range(4):
        if t == seat:
            continue
        h = hands[t]
        hidden = h & ~k.known[t]
        if (
            h.bit_count() != deal.hand_mask(t).bit_count()
            or h & seen
            or h & k.known[t] != k.known[t]
            or hidden & ~k.allowed[t]
        ):
            raise EngineError(f"the hand given to seat {'ABCD'[t]} does not fit what it knows")
        seen |= h
    return _build(deal, seat, hands, played, rng if rng is not None else random.Random())


def _build(
    deal: Deal, seat: int, hands: Sequence[int], played: list[int], rng: random.Random
) -> Deal:
    """The world itself: the real deal's public state, these hands, fitting passes."""
    post = [hands[t] | played[t] for t in range(4)]  # each seat's cards after the pass
    left, opposite, right = (seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3
    passes = [deal.passed_mask(t) for t in range(4)]
    # Unseen passes: left's went to opposite, opposite's to right; any 3 of those cards.
    for giver, taker in ((left, opposite), (opposite, right)):
        pool = _cards(post[taker])
        passes[giver] = _BITS[pool.pop(int(rng.random() * 8))]
        passes[giver] |= _BITS[pool.pop(int(rng.random() * 7))]
        passes[giver] |= _BITS[pool.pop(int(rng.random() * 6))]
    dealt = [(post[t] & ~passes[(t + 3) & 3]) | passes[t] for t in range(4)]
    return deal.with_hidden(dealt, passes, hands)


def _determinise_pass(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """The pass phase: sample the dealt hands and the passes made, then pass again."""
    right = (seat + 3) & 3
    dealt_mine = deal.dealt_mask(seat)
    received = deal.received_mask(seat)
    pool = _cards(_FULL & ~dealt_mine & ~received)
    rng.shuffle(pool)
    dealt = [0, 0, 0, 0]
    dealt[seat] = dealt_mine
    i = 0
    for t in range(4):
        if t == seat:
            continue
        n = 5 if t == right and received else 8
        for c in pool[i : i + n]:
            dealt[t] |= _BITS[c]
        i += n
    dealt[right] |= received
    world = Deal(dealt, int(deal.dealer), deal.ruleset, referee=deal.referee)
    for a in deal.history:
        t = a >> 32 & 3
        if t == seat:
            world.apply(a)
            continue
        if t == right and received:
            world.apply(PASS_FLAG | t << 32 | received)
            continue
        cards = _cards(dealt[t])
        rng.shuffle(cards)
        world.apply(PASS_FLAG | t << 32 | _BITS[cards[0]] | _BITS[cards[1]] | _BITS[cards[2]])
    return world


def determinise(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """A full deal in the same state as ``deal`` for everything ``seat`` knows, the rest
    sampled with ``rng``: the entry point of a determinising search.

    In the pass phase the other seats' dealt hands and passes are sampled; in play the
    other seats' current hands (:func:`sample_hands`, :func:`deal_with_hands`).
    """
    s = int(seat)
    if deal.phase == "pass":
        return _determinise_pass(deal, s, rng)
    k, played = _knowledge(deal, s)  # the sample fits by construction: no second check
    return _build(deal, s, _sample(k, rng), played, rng)


class Determiniser:
    """Deals consistent with one seat's :class:`~engine.knowledge.Knowledge` (its view and
    the cards it saw played, nothing of the real deal), for a search.

    In the pass phase (the seat has not passed yet) a fresh deal: the seat's hand, the other
    24 cards dealt at random. During play the same moment of play as the knowledge: the
    seat's hand, pass and received cards, every play by whom; the other hands drawn by
    :func:`sample_hands`' method (the left neighbour keeps the passed cards it has not
    played, no card of a suit a seat showed it lacks) and the passes the seat did not see
    drawn to fit.

    >>> from engine.knowledge import Knowledge
    >>> deal = Deal.new(seed=2)
    >>> k = Knowledge.of(deal, 1)
    >>> Knowledge.of(Determiniser(k).sample(random.Random(1)), 1) == k
    True
    """

    def __init__(self, k: SeatKnowledge) -> None:
        if k.phase == "over":
            raise ValueError("the deal is over: nothing is hidden")
        if k.phase == "pass" and k.passed:
            raise ValueError("the seat has passed: sample once the pass is complete")
        self.knowledge = k
        self._k, self._played = _hidden(k)
        if self._k.unknown.bit_count() != sum(self._k.need):
            raise ValueError("the knowledge is inconsistent: card counts do not add up")
        self._skeleton: Deal | None = None

    def hands(self, rng: random.Random) -> list[int]:
        """The four current hands (dealt hands in the pass phase): the seat's own, the
        others drawn."""
        try:
            return _sample(self._k, rng)
        except EngineError:
            raise ValueError(
                "the knowledge is inconsistent: no deal fits the voids shown"
            ) from None

    def sample(self, rng: random.Random) -> Deal:
        """One deal (a fresh object the caller may change)."""
        k = self.knowledge
        hands = self.hands(rng)
        if k.phase == "pass":
            return Deal(hands, k.dealer, k.ruleset)
        if self._skeleton is not None:
            return _build(self._skeleton, k.seat, hands, self._played, rng)
        # The first world through the public API: dealt hands, four passes, the plays.
        me = k.seat
        left, across, right = (me + 1) & 3, (me + 2) & 3, (me + 3) & 3
        held = [hands[t] | self._played[t] for t in range(4)]
        passes = [0, 0, 0, 0]
        passes[me], passes[right] = k.passed, k.received
        for giver, taker in ((left, across), (across, right)):
            cards = _cards(held[taker])
            rng.shuffle(cards)
            passes[giver] = _BITS[cards[0]] | _BITS[cards[1]] | _BITS[cards[2]]
        dealt = [held[t] & ~passes[(t + 3) & 3] | passes[t] for t in range(4)]
        world = Deal(dealt, k.dealer, k.ruleset)
        for t in range(4):
            world.apply(PASS_FLAG | t << 32 | passes[t])
        for card in k.plays:
            world.apply(card)
        self._skeleton = world
        return world.clone()
