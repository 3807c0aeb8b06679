"""A game: deals at one table until a seat completes the playing word.

The engine plays each deal; the game's rules (the letters, who deals next, the end
and the placings) are the game ledger's (:mod:`engine.ledger`): each finished deal
is recorded there as a :class:`~engine.ledger.DealRecorded` event and the game reads
its state from the ledger's replay. Seat A deals first unless ``first_dealer`` says
otherwise; the loser of each deal takes the next letter and deals the next deal
(with several losers, the first of them clockwise from the dealer's left:
:func:`engine.table_rules.next_dealer`). The first seat to complete the word loses
the game and the game ends there.

>>> game = Game("KOS", seed=11)
>>> while not game.is_over():
...     game.apply(game.legal_actions()[0])
>>> [len(game.letters_of(s)) for s in SEATS].count(3) >= 1, game.loser != ()
(True, True)
>>> again = Game.replay("KOS", seed=11, actions=game.history)
>>> again.letters == game.letters
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.actions import action_from_json
from engine.cards import SEATS, Seat
from engine.deal import Deal
from engine.errors import InvalidRecordError, ParseError
from engine.gameoutcome import FORMAT, GameOutcome
from engine.gamerecord import replay_game
from engine.ledger import DealRecorded, LedgerSettings, LedgerState, PlackaMode, replay
from engine.result import DealResult
from engine.rules import DEFAULT_RULESET, Ruleset
from engine.scn import deal_record
from engine.table_rules import places_by_letters
from engine.word import word_letters

__all__ = ["Game", "GameResult", "placings", "score_game_record", "word_letters"]


def placings(letters: Sequence[int]) -> dict[Seat, int]:
    """Places at a table of four by letters held (:func:`engine.table_rules.places_by_letters`).

    >>> placings([0, 2, 0, 5])
    {<Seat.A: 0>: 1, <Seat.B: 1>: 3, <Seat.C: 2>: 1, <Seat.D: 3>: 4}
    """
    places = places_by_letters({s.code: letters[s] for s in SEATS})
    return {s: places[s.code] for s in SEATS}


class Game:
    """A game in play; actions are those of :class:`~engine.deal.Deal`, for the current deal.

    ``referee=True`` deals every deal in the engine's referee mode (a physical table's):
    a card that fails to follow suit is accepted as a renonc B and loses the deal.
    """

    def __init__(
        self,
        word: str,
        *,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        ruleset: Ruleset = DEFAULT_RULESET,
        first_dealer: Seat = Seat.A,
        referee: bool = False,
    ) -> None:
        self.word = word
        self.letters_word = word_letters(word)
        self.ruleset = ruleset
        self.first_dealer = first_dealer
        self.referee = referee
        self.settings = LedgerSettings(
            word=tuple(self.letters_word),
            placka_mode=PlackaMode.UNTIL_FIRST_PLACKA,
            first_dealer=first_dealer.code,
        )
        self._rng = rng if rng is not None else random.Random(seed)
        self._events: list[DealRecorded] = []
        #: The ledger's state after the deals finished so far.
        self.ledger: LedgerState = replay(self.settings, self._events)
        self.results: list[DealResult] = []
        self.records: list[dict[str, object]] = []
        self.history: list[int] = []
        self.deal = self._deal(first_dealer)

    @classmethod
    def replay(
        cls,
        word: str,
        *,
        seed: int | str | None,
        actions: Iterable[int | dict[str, object]],
        ruleset: Ruleset = DEFAULT_RULESET,
        first_dealer: Seat = Seat.A,
        referee: bool = False,
    ) -> Game:
        """Rebuild a game from its seed and actions (ints or JSON action objects), all checked."""
        game = cls(word, seed=seed, ruleset=ruleset, first_dealer=first_dealer, referee=referee)
        for a in actions:
            game.apply(a if isinstance(a, int) else action_from_json(a))
        return game

    def _deal(self, dealer: Seat) -> Deal:
        deal = Deal.new(rng=self._rng, dealer=dealer, ruleset=self.ruleset)
        if not self.referee:
            return deal
        hands = {s: deal.hand(s) for s in SEATS}
        return Deal.from_hands(hands, dealer, self.ruleset, referee=True)

    @property
    def turn(self) -> Seat | None:
        """The seat to move in the current deal, None once the game is over."""
        return None if self.is_over() else self.deal.turn

    def legal_actions(self, seat: int | None = None) -> Sequence[int]:
        """Legal actions in the current deal (empty once the game is over)."""
        return () if self.is_over() else self.deal.legal_actions(seat)

    def is_over(self) -> bool:
        """True once the ledger says the game has ended (a seat completed the word)."""
        return self.ledger.finished

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply a checked action; a finished deal is recorded and the next one dealt."""
        self.deal.apply(action, seat)  # once the game is over, raises: the deal is over
        self.history.append(action)
        if self.deal.is_over():
            self._finish_deal()

    def _finish_deal(self) -> None:
        result = self.deal.result()
        self.results.append(result)
        self.records.append(deal_record(self.deal))
        event = DealRecorded(
            str(len(self.results)),
            tuple(s.code for s in result.loser),
            points={s.code: result.points[s] for s in SEATS},
        )
        self._events.append(event)
        # The ledger recomputes from the first event (it has no incremental replay); for
        # games of a few dozen deals that is well under a millisecond a deal.
        self.ledger = replay(self.settings, self._events)
        if self.ledger.issues:  # the engine scored a deal the ledger will not count
            raise InvalidRecordError("game", self.ledger.issues[0].message)
        upcoming = self.ledger.next_deal
        if upcoming is not None:
            self.deal = self._deal(Seat.parse(upcoming.dealer))

    @property
    def letters(self) -> list[int]:
        """How many letters each seat holds, in seat order."""
        return [seat.letter_count for seat in self.ledger.seats]

    def letters_of(self, seat: Seat | int) -> str:
        """The letters ``seat`` holds: ``letters_of(A) == 'TO'`` after two lost deals."""
        return self.ledger.seats[seat].word_so_far

    @property
    def loser(self) -> tuple[Seat, ...]:
        """The seat(s) that completed the word (empty while the game goes on)."""
        return tuple(Seat.parse(s) for s in self.ledger.plackas)

    def mecbol(self) -> list[Seat]:
        """Seats one letter short of the word (mečbol)."""
        return [Seat.parse(s.seat) for s in self.ledger.seats if s.is_mecbol]

    def placings(self) -> dict[Seat, int]:
        """Places by letters, fewest first, ties shared: the ledger's once the game is
        over, while it goes on the places the letters held so far would give."""
        if not self.ledger.finished:
            return placings(self.letters)
        return {Seat.parse(s.seat): s.place for s in self.ledger.seats if s.place is not None}


@dataclass(frozen=True)
class GameResult:
    """The older form's result: a game record's outcome at a table of four, by seat."""

    outcome: GameOutcome

    @property
    def word(self) -> str:
        return self.outcome.word

    @property
    def letters(self) -> tuple[int, int, int, int]:
        """Letters held by seats A-D."""
        a, b, c, d = (self.outcome.letters[s.code] for s in SEATS)
        return a, b, c, d

    @property
    def loser(self) -> tuple[Seat, ...]:
        """The seat(s) that completed the word."""
        return tuple(Seat.parse(s) for s in self.outcome.completed)

    @property
    def deals(self) -> tuple[DealResult, ...]:
        """The engine's score of each deal record."""
        return tuple(d.result for d in self.outcome.deals if d.result is not None)

    def to_json(self) -> dict[str, object]:
        """The result as ``python -m engine score-game`` prints it for the older form."""
        outcome = self.outcome
        places = outcome.placings
        if places is None:  # the record stops before the end: places by the letters so far
            places = places_by_letters(outcome.letters)
        letters = word_letters(self.word)
        return {
            "letters": {s: letters[:n] for s, n in outcome.letters.items()},
            "loser": list(outcome.completed),
            "over": outcome.finished,
            "placings": dict(places),
            "deals": [r.to_json() for r in self.deals],
        }


def score_game_record(data: object, ruleset: Ruleset = DEFAULT_RULESET) -> GameResult:
    """Check and score the older form of a game record ``{"word", "first_dealer", "deals":
    [SCN deal records]}`` (four seats): it is read as the ``scwu-game/1`` record of the
    same game and replayed by :func:`engine.gamerecord.replay_game`.

    Each deal must be valid, dealt by the seat the rules name after the previous deal
    (``first_dealer`` for the first), and no deal may follow the one that completed a word
    (codes ``dealer`` and ``game``; a deal's own errors keep their code; details name
    deals from 1).
    """
    if not isinstance(data, dict):
        raise InvalidRecordError("format", "a game record is a JSON object")
    try:
        first = Seat.parse(data.get("first_dealer", "A")).code
    except ParseError as err:
        raise InvalidRecordError("format", f"first_dealer: {err}") from None
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise InvalidRecordError("format", "deals must be a list of deal records")
    record = {
        "format": FORMAT,
        "ruleset": ruleset.to_json(),
        "word": data.get("word"),
        "seats": [{"seat": s.code} for s in SEATS],
        "first_dealer": first,
        "deals": [_full_deal(deal) for deal in deals],
    }
    return GameResult(replay_game(record))


def _full_deal(deal: object) -> dict[str, object]:
    """A deal of the older form as a full deal of a game record; the SCN record's dealer,
    when it names a seat, is the deal's (so a wrong one reads ``dealer: C dealt, but B
    deals``)."""
    entry: dict[str, object] = {"record": deal}
    dealer = deal.get("dealer") if isinstance(deal, dict) else None
    if dealer in [s.code for s in SEATS]:
        entry["dealer"] = dealer
    return entry
