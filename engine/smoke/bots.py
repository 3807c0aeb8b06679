"""Bots for Smoke: a random bot and a simple heuristic bot, plus bot sessions.

>>> sheet, records = play_session([HeuristicBot(), RandomBot(random.Random(1)),
...                                HeuristicBot()], ["Jim", "Bud", "Tom"],
...                               rng=random.Random(5))
>>> sheet.is_over(), len(records) == len(sheet.results)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from engine.smoke.actions import Action
from engine.smoke.cards import Card
from engine.smoke.hand import HandState, Phase
from engine.smoke.record import HandRecord, entry_of, record_of
from engine.smoke.tally import TallySheet


class Bot(Protocol):
    """Anything that picks one of ``state.legal_actions()`` for the current player."""

    def choose(self, state: HandState) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    label = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, state: HandState) -> Action:
        """A random legal action."""
        return self.rng.choice(state.legal_actions())


def _beats(card: Card, best: Card, led: str, smoke: str) -> bool:
    if card.suit == smoke and best.suit != smoke:
        return True
    if card.suit != best.suit:
        return False
    return card.rank > best.rank and card.suit in (led, smoke)


class HeuristicBot:
    """Stays with smoke or an ace, keeps smoke and court cards, draws the rest;
    takes a trick with the cheapest winning card, else sheds the cheapest card."""

    label = "heuristic"

    def choose(self, state: HandState) -> Action:
        """The bot's action for the current player."""
        seat = state.turn
        assert seat is not None
        if state.phase is Phase.DRAW:
            return self._draw(state, seat)
        legal = state.legal_plays(seat)
        smoke = state.smoke
        if not state.trick:
            return Action.play(max(legal, key=lambda c: (c.suit == smoke, c.rank)))
        led = state.trick[0][1].suit
        best = state.trick[0][1]
        for _, card in state.trick[1:]:
            if _beats(card, best, led, smoke):
                best = card
        winners = [c for c in legal if _beats(c, best, led, smoke)]
        if winners:
            return Action.play(min(winners, key=lambda c: (c.suit == smoke, c.rank)))
        return Action.play(min(legal, key=lambda c: (c.suit == smoke, c.rank)))

    @staticmethod
    def _draw(state: HandState, seat: int) -> Action:
        hand = state.hands[seat]
        keep = [c for c in hand if c.suit == state.smoke or c.rank >= 12]
        strength = sum(2 if c.suit == state.smoke else 1 for c in keep if c.rank >= 10)
        strength += sum(1 for c in keep if c.suit == state.smoke)
        if strength < 2 and state.can_sit(seat):
            return Action.sit()
        return Action.draw([c for c in hand if c not in keep])


def play_session(
    bots: Sequence[Bot],
    names: Sequence[str],
    *,
    rng: random.Random,
    first_dealer: int = 0,
    max_hands: int = 1000,
) -> tuple[TallySheet, list[HandRecord]]:
    """Play bots to a winner (or ``max_hands``); return the sheet and the hand records."""
    sheet = TallySheet(list(names), first_dealer=names[first_dealer])
    records: list[HandRecord] = []
    while not sheet.is_over() and len(records) < max_hands:
        standing = sheet.standings()
        dealer = list(names).index(sheet.dealer or names[first_dealer])
        state = HandState(
            len(names),
            dealer,
            rng=rng,
            tallies=[s.tally for s in standing],
            sits=[s.sits for s in standing],
        )
        while not state.is_over():
            seat = state.turn
            assert seat is not None
            state.apply(bots[seat].choose(state))
        record = record_of(state, names)
        sheet.record_entry(entry_of(record, state, sheet.rules))
        records.append(record)
    return sheet, records
