"""What replaying a game record gives (:func:`engine.gamerecord.replay_game`): each deal
with its dealer, sit-outs, misdeals, rulings and letters, and the game's result, read
from the ledger's state (:mod:`engine.ledger.state`) in the record's own terms (deal
numbers, letter counts, the ``result`` member a record stores)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.ledger.state import LedgerState
from engine.result import DealResult
from engine.word import word_letters

__all__ = ["DealOutcome", "GameOutcome", "MisdealOutcome", "RulingOutcome"]

#: The version a game record declares in its ``format`` member.
FORMAT = "scwu-game/1"


@dataclass(frozen=True)
class MisdealOutcome:
    """A misdeal as replayed: who misdealt, the count in this deal, whether a letter."""

    dealer: str
    count: int
    waived: bool
    letter: bool

    def to_json(self) -> dict[str, object]:
        return {"dealer": self.dealer, "waived": self.waived, "letter": self.letter}


@dataclass(frozen=True)
class RulingOutcome:
    """A ruling as replayed, with its effect: letters given, losers replaced, removal."""

    kind: str
    offender: str
    penalty: str
    intentional: bool
    reason: str
    letters: int
    removed: bool

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "offender": self.offender,
            "penalty": self.penalty,
            "intentional": self.intentional,
            "reason": self.reason,
            "letters": self.letters,
            "removed": self.removed,
        }


@dataclass(frozen=True)
class DealOutcome:
    """One deal as replayed; ``played`` is False for misdeals after which the game ended
    (or stopped) before the deal was played."""

    number: int
    dealer: str
    sat_out: tuple[str, ...]
    players: tuple[str, ...]
    misdeals: tuple[MisdealOutcome, ...]
    played: bool
    recorded_losers: tuple[str, ...]
    losers: tuple[str, ...]
    points: dict[str, int]
    result: DealResult | None
    rulings: tuple[RulingOutcome, ...]
    letters: dict[str, int]
    completed: tuple[str, ...]
    next_dealer: str | None

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "sat_out": list(self.sat_out),
            "players": list(self.players),
            "misdeals": [m.to_json() for m in self.misdeals],
            "played": self.played,
            "losers": list(self.losers),
            "points": self.points or None,
            "result": None if self.result is None else self.result.to_json(),
            "rulings": [r.to_json() for r in self.rulings],
            "letters": self.letters,
            "completed": list(self.completed),
            "next_dealer": self.next_dealer,
        }


@dataclass(frozen=True)
class GameOutcome:
    """The result of a game record: letters per seat, who completed the word, placings."""

    word: str
    seats: tuple[str, ...]
    letters: dict[str, int]
    completed: tuple[str, ...]
    disqualified: tuple[str, ...]
    finished: bool
    finish_reason: str | None
    placings: dict[str, int] | None
    deals: tuple[DealOutcome, ...]

    @classmethod
    def of(cls, word: str, state: LedgerState, deals: tuple[DealOutcome, ...]) -> GameOutcome:
        """The outcome the ledger's ``state`` gives (``deals``: the record's deals replayed)."""
        seats = state.seats
        return cls(
            word=word,
            seats=tuple(seat.seat for seat in seats),
            letters={seat.seat: seat.letter_count for seat in seats},
            completed=tuple(seat.seat for seat in seats if seat.has_placka),
            disqualified=tuple(seat.seat for seat in seats if seat.is_disqualified),
            finished=state.finished,
            finish_reason=None if state.finish_reason is None else str(state.finish_reason),
            placings=(
                {seat.seat: seat.place for seat in seats if seat.place is not None}
                if state.finished
                else None
            ),
            deals=deals,
        )

    def result_json(self) -> dict[str, object]:
        """The ``result`` member of a game record (what a writer stores, a reader checks)."""
        return {
            "letters": dict(self.letters),
            "completed": list(self.completed),
            "disqualified": list(self.disqualified),
            "finished": self.finished,
            "placings": None if self.placings is None else dict(self.placings),
        }

    def to_json(self) -> dict[str, object]:
        """What ``python -m engine score-game`` prints for a game record."""
        letters = word_letters(self.word)
        return {
            "format": FORMAT,
            "word": self.word,
            **self.result_json(),
            "words": {s: letters[:n] for s, n in self.letters.items()},
            "finish_reason": self.finish_reason,
            "deals": [d.to_json() for d in self.deals],
        }
