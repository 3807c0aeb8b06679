"""A game: deals at one table until a seat completes the playing word.

Seat A (drawn by lot) deals first; the loser of each deal takes the next letter
of the word and deals the next deal (with several losers, the first of them
clockwise from the dealer's left: :func:`engine.table_rules.next_dealer`). The
first seat to complete the word loses the game and the game ends there.

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
from engine.result import DealResult
from engine.rules import DEFAULT_RULESET, Ruleset
from engine.scn import DealRecord, deal_record, score_record

__all__ = ["Game", "GameResult", "placings", "score_game_record", "word_letters"]


def word_letters(word: str) -> str:
    """The letters of a playing word: whitespace is ignored, repeated letters count.

    >>> word_letters("Herr FLICK")
    'HerrFLICK'
    """
    if not isinstance(word, str):
        raise ParseError(f"a playing word is text, not {word!r}")
    letters = "".join(word.split())
    if not letters:
        raise ParseError("the playing word is empty")
    return letters


def placings(letters: Sequence[int]) -> dict[Seat, int]:
    """Places at the table by letters held, fewest first; ties share the place.

    >>> placings([0, 2, 0, 5])
    {<Seat.A: 0>: 1, <Seat.B: 1>: 3, <Seat.C: 2>: 1, <Seat.D: 3>: 4}
    """
    return {s: 1 + sum(1 for n in letters if n < letters[s]) for s in SEATS}


class Game:
    """A game in play; actions are those of :class:`~engine.deal.Deal`, for the current deal."""

    def __init__(
        self,
        word: str,
        *,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        ruleset: Ruleset = DEFAULT_RULESET,
        first_dealer: Seat = Seat.A,
    ) -> None:
        self.word = word
        self.letters_word = word_letters(word)
        self.ruleset = ruleset
        self.first_dealer = first_dealer
        self._rng = rng if rng is not None else random.Random(seed)
        self.letters = [0, 0, 0, 0]
        self.results: list[DealResult] = []
        self.records: list[dict[str, object]] = []
        self.history: list[int] = []
        self.deal = Deal.new(rng=self._rng, dealer=first_dealer, ruleset=ruleset)
        self._over = False

    @classmethod
    def replay(
        cls,
        word: str,
        *,
        seed: int | str | None,
        actions: Iterable[int | dict[str, object]],
        ruleset: Ruleset = DEFAULT_RULESET,
        first_dealer: Seat = Seat.A,
    ) -> Game:
        """Rebuild a game from its seed and actions (ints or JSON action objects), all checked."""
        game = cls(word, seed=seed, ruleset=ruleset, first_dealer=first_dealer)
        for a in actions:
            game.apply(a if isinstance(a, int) else action_from_json(a))
        return game

    @property
    def turn(self) -> Seat | None:
        """The seat to move in the current deal, None once the game is over."""
        return None if self._over else self.deal.turn

    def legal_actions(self, seat: int | None = None) -> Sequence[int]:
        """Legal actions in the current deal (empty once the game is over)."""
        return () if self._over else self.deal.legal_actions(seat)

    def is_over(self) -> bool:
        """True once a seat has completed the word."""
        return self._over

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply a checked action; a finished deal is scored and the next one dealt."""
        if self._over:
            self.deal.apply(action, seat)  # raises: the deal is over
        self.deal.apply(action, seat)
        self.history.append(action)
        if self.deal.is_over():
            self._finish_deal()

    def _finish_deal(self) -> None:
        result = self.deal.result()
        self.results.append(result)
        self.records.append(deal_record(self.deal))
        for s in result.loser:
            self.letters[s] += 1
        if max(self.letters) >= len(self.letters_word):
            self._over = True
            return
        dealer = result.next_dealer(self.deal.dealer)
        self.deal = Deal.new(rng=self._rng, dealer=dealer, ruleset=self.ruleset)

    def letters_of(self, seat: Seat | int) -> str:
        """The letters ``seat`` holds: ``letters_of(A) == 'TO'`` after two lost deals."""
        return self.letters_word[: self.letters[seat]]

    @property
    def loser(self) -> tuple[Seat, ...]:
        """The seat(s) that completed the word (empty while the game goes on)."""
        n = len(self.letters_word)
        return tuple(s for s in SEATS if self.letters[s] >= n)

    def mecbol(self) -> list[Seat]:
        """Seats one letter short of the word (mečbol)."""
        return [s for s in SEATS if self.letters[s] == len(self.letters_word) - 1]

    def placings(self) -> dict[Seat, int]:
        """Places by letters, fewest first, ties shared."""
        return placings(self.letters)


@dataclass(frozen=True)
class GameResult:
    """The score of a game record: letters by seat, the loser(s) and each deal's result."""

    word: str
    letters: tuple[int, int, int, int]
    loser: tuple[Seat, ...]
    deals: tuple[DealResult, ...]

    def to_json(self) -> dict[str, object]:
        """The result as ``python -m engine score-game`` prints it."""
        letters = word_letters(self.word)
        return {
            "letters": {s.code: letters[: self.letters[s]] for s in SEATS},
            "loser": [s.code for s in self.loser],
            "over": bool(self.loser),
            "placings": {s.code: p for s, p in placings(self.letters).items()},
            "deals": [r.to_json() for r in self.deals],
        }


def score_game_record(data: object, ruleset: Ruleset = DEFAULT_RULESET) -> GameResult:
    """Check and score a game record ``{"word", "first_dealer", "deals"}``.

    Each deal must be valid, dealt by the seat the rules name after the previous deal
    (:meth:`DealResult.next_dealer`; ``first_dealer`` for the first), and no deal may
    follow the one that completed a word
    (codes ``dealer`` and ``game``; a deal's own errors keep their code).
    """
    if not isinstance(data, dict):
        raise InvalidRecordError("format", "a game record is a JSON object")
    try:
        letters = word_letters(data.get("word"))  # type: ignore[arg-type]
        first = Seat.parse(data.get("first_dealer", "A"))
    except ParseError as err:
        raise InvalidRecordError("format", str(err)) from None
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise InvalidRecordError("format", "deals must be a list of deal records")
    counts = [0, 0, 0, 0]
    results: list[DealResult] = []
    dealer = first
    for k, raw in enumerate(deals):
        if max(counts) >= len(letters):
            raise InvalidRecordError("game", f"deal {k}: the game ended with the previous deal")
        try:
            rec = DealRecord.from_json(raw)
            if rec.dealer != dealer:
                raise InvalidRecordError(
                    "dealer", f"dealt by {rec.dealer.code}, not by {dealer.code}"
                )
            result = score_record(rec, ruleset)
        except InvalidRecordError as err:
            raise InvalidRecordError(err.code, f"deal {k}: {err.detail}") from None
        results.append(result)
        for s in result.loser:
            counts[s] += 1
        dealer = result.next_dealer(rec.dealer)
    loser = tuple(s for s in SEATS if counts[s] >= len(letters))
    return GameResult(
        data["word"], (counts[0], counts[1], counts[2], counts[3]), loser, tuple(results)
    )
