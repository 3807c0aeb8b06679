"""Bots for Smoke: a random bot and a simple heuristic bot, plus bot sessions.

As in Smoking Cat (:mod:`engine.bots`), a bot's ``choose(view)`` is given only its seat's
view (:func:`engine.smoke.views.seat_view`: its own cards, the table, its legal actions),
never the hand state with the others' cards and the stock; :func:`bot_action` builds it.

>>> sheet, records = play_session([HeuristicBot(), RandomBot(random.Random(1)),
...                                HeuristicBot()], ["Jim", "Bud", "Tom"],
...                               rng=random.Random(5))
>>> sheet.is_over(), len(records) == len(sheet.results)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from engine.smoke.actions import Action
from engine.smoke.cards import Card, parse_cards
from engine.smoke.hand import HandState
from engine.smoke.record import HandRecord, entry_of, record_of
from engine.smoke.tally import TallySheet


class Bot(Protocol):
    """Anything that picks one of its legal actions from its seat's view."""

    def choose(self, view: dict[str, Any]) -> Action: ...


def bot_action(bot: Bot, state: HandState) -> Action:
    """The action ``bot`` takes for the seat to move, shown only that seat's view.

    >>> state = HandState(3, seed=2)
    >>> bot_action(HeuristicBot(), state) in state.legal_actions()
    True
    """
    seat = state.turn
    if seat is None:
        raise ValueError("the hand is over: nobody is to act")
    return bot.choose(state.seat_view(seat))


def _legal(view: dict[str, Any]) -> list[Action]:
    hand = tuple(parse_cards(view["hand"]))
    return [Action.parse(code, hand) for code in view["legal"]]


class RandomBot:
    """Picks uniformly among the legal actions."""

    label = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, view: dict[str, Any]) -> Action:
        """A random legal action."""
        return self.rng.choice(_legal(view))


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

    def choose(self, view: dict[str, Any]) -> Action:
        """The bot's action for its seat."""
        smoke = view["smoke"][1]
        if view["phase"] == "draw":
            return self._draw(view, smoke)
        legal = [a.card for a in _legal(view)]
        trick = parse_cards([code for _, code in view["trick"]])
        if not trick:
            return Action.play(max(legal, key=lambda c: (c.suit == smoke, c.rank)))
        led = trick[0].suit
        best = trick[0]
        for card in trick[1:]:
            if _beats(card, best, led, smoke):
                best = card
        winners = [c for c in legal if _beats(c, best, led, smoke)]
        if winners:
            return Action.play(min(winners, key=lambda c: (c.suit == smoke, c.rank)))
        return Action.play(min(legal, key=lambda c: (c.suit == smoke, c.rank)))

    @staticmethod
    def _draw(view: dict[str, Any], smoke: str) -> Action:
        hand = parse_cards(view["hand"])
        keep = [c for c in hand if c.suit == smoke or c.rank >= 12]
        strength = sum(2 if c.suit == smoke else 1 for c in keep if c.rank >= 10)
        strength += sum(1 for c in keep if c.suit == smoke)
        if strength < 2 and "sit" in view["legal"]:
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
            state.apply(bot_action(bots[seat], state))
        record = record_of(state, names)
        sheet.record_entry(entry_of(record, state, sheet.rules))
        records.append(record)
    return sheet, records
