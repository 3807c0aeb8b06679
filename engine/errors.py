"""Typed errors of the engine: every one is a :class:`ValueError`.

>>> from engine.errors import IllegalActionError
>>> issubclass(IllegalActionError, ValueError)
True
>>> str(IllegalActionError("must follow suit", reason="follow"))
'must follow suit'
"""

from __future__ import annotations

__all__ = [
    "RECORD_ERROR_CODES",
    "EngineError",
    "IllegalActionError",
    "InvalidRecordError",
    "InvalidScoreError",
    "ParseError",
    "RulesetError",
]

#: Codes of :class:`InvalidRecordError`, as RULES.md and the command line name them.
RECORD_ERROR_CODES = (
    "format",
    "misdeal",
    "pass",
    "card",
    "incomplete",
    "pack",
    "dealer",
    "game",
    "sit_out",
    "loser",
    "ruling",
    "result",
)


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class ParseError(EngineError):
    """A card, seat, suit, rank or action could not be parsed."""


class RulesetError(EngineError):
    """A ruleset option has a value the rules do not know."""


class IllegalActionError(EngineError):
    """An action the rules forbid right now; ``reason`` is a short code.

    Reasons: ``phase`` (wrong phase or the deal is over), ``turn`` (not this
    seat's turn), ``card`` (the seat does not hold the card), ``follow``
    (must follow suit), ``pass`` (not three distinct cards of the hand, or
    already passed), ``pack`` (packing refused: the total would stay under 17),
    ``action`` (not an action at all).
    """

    def __init__(self, message: str, *, reason: str = "action") -> None:
        super().__init__(message)
        self.reason = reason


class InvalidRecordError(EngineError):
    """An SCN record that cannot be scored; ``code`` is one of :data:`RECORD_ERROR_CODES`.

    >>> err = InvalidRecordError("misdeal", "seat B holds 7 cards")
    >>> err.code, err.detail, err.as_json()
    ('misdeal', 'seat B holds 7 cards', {'error': 'misdeal', 'detail': 'seat B holds 7 cards'})
    """

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail

    def as_json(self) -> dict[str, object]:
        """The error as the command line prints it."""
        return {"error": self.code, "detail": self.detail}


class InvalidScoreError(EngineError):
    """Points entered for a deal that no deal can produce, or that cannot decide a loser."""
