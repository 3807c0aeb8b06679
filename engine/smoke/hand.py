"""One hand of Smoke as an OpenSpiel-like state: deal, draw, play, over.

Seats are ``0 .. n-1`` clockwise; "left" is the next seat. The dealer deals five
cards each, one at a time from his left, then turns up the next stock card: its
suit is smoke (trump) and the card is dead. In the draw phase each participant,
from the dealer's left round to the dealer, sits, stays pat, draws or takes a new
mitt. In play the first stayer from the dealer's left who holds smoke leads his
highest smoke (the ones before him say "no smoke"); trick 1 must follow suit;
later tricks may be smoked at any time; the highest smoke, else the highest card
of the led suit, takes the trick and leads the next. Five tricks.

>>> state = HandState(4, dealer=0, seed=7)
>>> state.phase, state.turn
(<Phase.DRAW: 'draw'>, 1)
>>> while not state.is_over():
...     state.apply(state.legal_actions()[-1])
>>> sum(state.result().tricks)
5
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.smoke.actions import Action, Kind
from engine.smoke.cards import Card, codes, full_deck, shuffled_deck
from engine.smoke.errors import IllegalActionError, RulesError
from engine.smoke.rules import DEFAULT_RULES, SmokeRules


class Phase(Enum):
    """Where the hand is."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Penalty:
    """An infraction found by the engine (a renege in referee mode): five up."""

    seat: int
    what: str


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in order as (seat, card), who took it."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True)
class HandOutcome:
    """The result of a hand, per seat.

    ``deltas`` is the change of each tally (before the floor at 0);
    ``reached_zero`` lists the seats whose running tally hit 0, in trick order.
    """

    stayers: tuple[int, ...]
    tricks: tuple[int, ...]
    first_trick: int | None
    penalties: tuple[Penalty, ...]
    deltas: tuple[int, ...]
    reached_zero: tuple[int, ...]

    @property
    def is_void(self) -> bool:
        """Nobody stayed: the same dealer deals again."""
        return not self.stayers


@dataclass
class _Decision:
    seat: int
    action: Action
    drawn: tuple[Card, ...] = ()


@dataclass
class HandState:
    """A hand in progress. Build with a seed, an ``rng`` or an explicit ``deck``."""

    n: int
    dealer: int = 0
    seed: int | None = None
    rng: random.Random | None = None
    deck: Sequence[Card] | None = None
    tallies: Sequence[int] | None = None
    sits: Sequence[int] | None = None
    rules: SmokeRules = DEFAULT_RULES
    hands: list[list[Card]] = field(init=False)
    dealt: tuple[tuple[Card, ...], ...] = field(init=False)
    turned: Card = field(init=False)
    stock: list[Card] = field(init=False)
    discards: list[Card] = field(init=False)
    decisions: list[_Decision] = field(init=False, default_factory=list)
    tricks: list[Trick] = field(init=False, default_factory=list)
    trick: list[tuple[int, Card]] = field(init=False, default_factory=list)
    penalties: list[Penalty] = field(init=False, default_factory=list)
    no_smoke: tuple[int, ...] = field(init=False, default=())
    leader: int | None = field(init=False, default=None)
    phase: Phase = field(init=False, default=Phase.DRAW)

    def __post_init__(self) -> None:
        self.rules.check_participants(self.n)
        if not 0 <= self.dealer < self.n:
            raise RulesError(f"no seat {self.dealer} at a table of {self.n}", code="dealer")
        self.tallies = tuple(self.tallies or [self.rules.start] * self.n)
        self.sits = tuple(self.sits or [0] * self.n)
        if len(self.tallies) != self.n or len(self.sits) != self.n:
            raise RulesError("one tally and one sit count per participant", code="participant")
        if self.rng is None:
            self.rng = random.Random(self.seed)
        deck = list(self.deck) if self.deck is not None else shuffled_deck(self.rng)
        if sorted(deck) != full_deck():
            raise RulesError("the deck must hold each of the 52 cards once", code="deal")
        size = self.rules.hand_size
        self.hands = [[] for _ in range(self.n)]
        for k in range(size * self.n):
            self.hands[(self.dealer + 1 + k) % self.n].append(deck[k])
        self.turned = deck[size * self.n]
        self.stock = deck[size * self.n + 1 :]
        self.discards = []
        self.dealt = tuple(tuple(hand) for hand in self.hands)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Sequence[Card]],
        turned: Card,
        *,
        dealer: int = 0,
        tallies: Sequence[int] | None = None,
        sits: Sequence[int] | None = None,
        rules: SmokeRules = DEFAULT_RULES,
        rng: random.Random | None = None,
    ) -> HandState:
        """A hand from known dealt cards (a record); the unseen cards form the stock.

        Raises :class:`RulesError` (code ``deal``) on a short hand or a card seen twice.
        """
        n = len(hands)
        rules.check_participants(n)
        seen = [card for hand in hands for card in hand] + [turned]
        if any(len(hand) != rules.hand_size for hand in hands):
            raise RulesError(f"each participant is dealt {rules.hand_size} cards", code="deal")
        if len(set(seen)) != len(seen):
            raise RulesError("a card is dealt twice", code="deal")
        rest = [card for card in full_deck() if card not in set(seen)]
        order: list[Card | None] = [None] * (rules.hand_size * n)
        for seat, hand in enumerate(hands):
            for i, card in enumerate(hand):
                order[i * n + (seat - dealer - 1) % n] = card
        deck = [card for card in order if card is not None] + [turned, *rest]
        return cls(
            n,
            dealer,
            rng=rng or random.Random(0),
            deck=deck,
            tallies=tallies,
            sits=sits,
            rules=rules,
        )

    # ----------------------------------------------------------------- queries
    @property
    def smoke(self) -> str:
        """The smoke (trump) suit letter."""
        return self.turned.suit

    @property
    def draw_order(self) -> list[int]:
        """From the dealer's left round to the dealer."""
        return [(self.dealer + 1 + i) % self.n for i in range(self.n)]

    @property
    def stayers(self) -> list[int]:
        """Participants who stayed, clockwise from the dealer's left."""
        stayed = {d.seat for d in self.decisions if d.action.kind is Kind.DRAW}
        return [seat for seat in self.draw_order if seat in stayed]

    def is_over(self) -> bool:
        """True once five tricks are played, or nobody stayed."""
        return self.phase is Phase.OVER

    def can_sit(self, seat: int) -> bool:
        """Neither in the box nor a mustie."""
        assert self.tallies is not None and self.sits is not None
        return self.rules.can_sit(self.tallies[seat], self.sits[seat])

    @property
    def turn(self) -> int | None:
        """The seat to act, ``None`` when the hand is over."""
        if self.phase is Phase.DRAW:
            return self.draw_order[len(self.decisions)]
        if self.phase is Phase.PLAY:
            assert self.leader is not None
            order = self.stayers
            start = order.index(self.leader)
            return order[(start + len(self.trick)) % len(order)]
        return None

    def legal_plays(self, seat: int) -> list[Card]:
        """The cards ``seat`` may throw out now, sorted (empty if not his turn)."""
        if self.phase is not Phase.PLAY or seat != self.turn:
            return []
        hand = self.hands[seat]
        smokes = [card for card in hand if card.suit == self.smoke]
        if not self.trick:
            if not self.tricks and smokes:
                return [max(smokes, key=lambda card: card.rank)]
            return sorted(hand)
        led = self.trick[0][1].suit
        follow = [card for card in hand if card.suit == led]
        if not follow:
            return sorted(hand)
        if not self.tricks:
            return sorted(follow)
        return sorted(set(follow) | set(smokes))

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player, sorted; empty when over."""
        seat = self.turn
        if seat is None:
            return []
        if self.phase is Phase.PLAY:
            return [Action.play(card) for card in self.legal_plays(seat)]
        hand = sorted(self.hands[seat])
        actions = [Action.sit()] if self.can_sit(seat) else []
        for k in range(len(hand) + 1):
            actions += [Action.draw(combo) for combo in itertools.combinations(hand, k)]
        return sorted(actions)

    # ----------------------------------------------------------------- apply
    def apply(
        self, action: Action, *, drawn: Sequence[Card] | None = None, referee: bool = False
    ) -> None:
        """Apply ``action`` for the current player, or raise :class:`IllegalActionError`.

        ``drawn`` forces the cards a draw receives (replaying a record); they must
        be unseen. With ``referee`` a held card that breaks the lead or follow
        rules is played anyway and costs a renege penalty, as at a physical table.
        """
        seat = self.turn
        if seat is None:
            raise IllegalActionError("the hand is over", reason="phase")
        if self.phase is Phase.DRAW:
            self._apply_draw(seat, action, drawn)
        else:
            self._apply_play(seat, action, referee)

    def _apply_draw(self, seat: int, action: Action, drawn: Sequence[Card] | None) -> None:
        if action.kind is Kind.PLAY:
            raise IllegalActionError(
                "no cards are thrown out before the draw is done", reason="phase"
            )
        hand = self.hands[seat]
        if action.kind is Kind.SIT:
            assert self.tallies is not None and self.sits is not None
            if self.rules.is_in_box(self.tallies[seat]):
                raise IllegalActionError(
                    f"seat {seat} is in the box ({self.tallies[seat]}) and must play",
                    reason="in_the_box",
                )
            if self.rules.is_mustie(self.sits[seat]):
                raise IllegalActionError(
                    f"seat {seat} has sat {self.sits[seat]} times in a row and must play",
                    reason="mustie",
                )
            self.discards += hand
            self.hands[seat] = []
            self.decisions.append(_Decision(seat, action))
        else:
            missing = [card.code for card in action.cards if card not in hand]
            if missing or len(set(action.cards)) != len(action.cards):
                raise IllegalActionError(
                    f"seat {seat} does not hold {' '.join(missing) or 'those'}",
                    reason="not_in_hand",
                )
            got = self._take(seat, len(action.cards), drawn)
            self.hands[seat] = [card for card in hand if card not in action.cards] + got
            self.discards += action.cards
            self.decisions.append(_Decision(seat, action, tuple(got)))
        if len(self.decisions) == self.n:
            self._start_play()

    def _take(self, seat: int, count: int, drawn: Sequence[Card] | None) -> list[Card]:
        if len(self.stock) < count:
            pile = list(self.discards)
            assert self.rng is not None
            self.rng.shuffle(pile)
            self.stock += pile
            self.discards = []
        if drawn is None:
            got, self.stock = self.stock[:count], self.stock[count:]
            return got
        wanted = list(drawn)
        if len(wanted) != count or any(card not in self.stock for card in wanted):
            raise IllegalActionError(
                f"seat {seat} cannot draw {codes(wanted)}: not {count} unseen cards", reason="stock"
            )
        self.stock = [card for card in self.stock if card not in wanted]
        return wanted

    def _start_play(self) -> None:
        stayers = self.stayers
        if not stayers:
            self.phase = Phase.OVER
            return
        self.phase = Phase.PLAY
        holders = [s for s in stayers if any(c.suit == self.smoke for c in self.hands[s])]
        self.leader = holders[0] if holders else stayers[0]
        self.no_smoke = tuple(stayers[: stayers.index(self.leader)]) if holders else tuple(stayers)

    def _apply_play(self, seat: int, action: Action, referee: bool) -> None:
        if action.kind is not Kind.PLAY:
            raise IllegalActionError("the draw is over: throw out a card", reason="phase")
        card = action.card
        if card not in self.hands[seat]:
            raise IllegalActionError(f"seat {seat} does not hold {card.code}", reason="not_in_hand")
        if card not in self.legal_plays(seat):
            reason, detail = self._why_illegal(seat, card)
            if not referee:
                raise IllegalActionError(detail, reason=reason)
            self.penalties.append(Penalty(seat, f"renege: {detail}"))
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == len(self.stayers):
            self._finish_trick()

    def _why_illegal(self, seat: int, card: Card) -> tuple[str, str]:
        if not self.trick:
            return "must_lead_highest_smoke", (
                f"seat {seat} must lead his highest smoke on the first trick, not {card.code}"
            )
        led = self.trick[0][1].suit
        if not self.tricks:
            return "must_follow_suit", (
                f"seat {seat} must follow suit {led} on the first trick, not {card.code}"
            )
        return "must_follow_or_smoke", (
            f"seat {seat} holds suit {led}: follow it or smoke, not {card.code}"
        )

    def _finish_trick(self) -> None:
        led = self.trick[0][1].suit
        smokes = [(s, c) for s, c in self.trick if c.suit == self.smoke]
        pool = smokes or [(s, c) for s, c in self.trick if c.suit == led]
        winner = max(pool, key=lambda sc: sc[1].rank)[0]
        assert self.leader is not None
        self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
        self.trick = []
        self.leader = winner
        if len(self.tricks) == self.rules.hand_size:
            self.phase = Phase.OVER

    # ----------------------------------------------------------------- results
    def result(self) -> HandOutcome:
        """The result; raises :class:`IllegalActionError` before the hand is over."""
        if not self.is_over():
            raise IllegalActionError("the hand is not over", reason="phase")
        assert self.tallies is not None
        taken = [0] * self.n
        running = list(self.tallies)
        reached: list[int] = []
        for trick in self.tricks:
            taken[trick.winner] += 1
            running[trick.winner] -= 1
            if running[trick.winner] <= 0 and trick.winner not in reached:
                reached.append(trick.winner)
        stayers = self.stayers
        deltas = [0] * self.n
        for seat in stayers:
            deltas[seat] = -taken[seat] if taken[seat] else self.rules.blank
        for penalty in self.penalties:
            deltas[penalty.seat] += self.rules.penalty
        return HandOutcome(
            stayers=tuple(stayers),
            tricks=tuple(taken),
            first_trick=self.tricks[0].winner if self.tricks else None,
            penalties=tuple(self.penalties),
            deltas=tuple(deltas),
            reached_zero=tuple(reached),
        )

    def seat_view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as a JSON-ready dict: his own cards only, no stock
        (see :func:`engine.smoke.views.seat_view`)."""
        from engine.smoke.views import seat_view

        return seat_view(self, seat)
