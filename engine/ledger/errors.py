"""Typed errors of the ledger.

Every error the user can fix subclasses :class:`LedgerError` (itself a
``ValueError``) and carries a machine ``code`` next to its human message, so
the site can translate or map it to a form field. Replay never raises for a bad
event: it records an :class:`~engine.ledger.state.EventIssue`; validating a new
event turns the issue into the matching error with :func:`error_for`.
"""

from __future__ import annotations


class LedgerError(ValueError):
    """An event the ledger refuses, with a machine ``code`` and a human message."""

    default_code = "invalid_event"

    def __init__(self, message: str, *, code: str | None = None, event_id: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.event_id = event_id


class InvalidSettingsError(LedgerError):
    """The ledger settings themselves are impossible (a bug in the caller)."""

    default_code = "invalid_settings"


class InvalidEventError(LedgerError):
    """An event whose content is malformed (no loser, negative points, ...)."""


class DuplicateEventError(LedgerError):
    """An event id already used in this game."""

    default_code = "duplicate_event_id"


class GameFinishedError(LedgerError):
    """An event that comes after the game has finished."""

    default_code = "game_finished"


class UnknownSeatError(LedgerError):
    """A seat name that is not a seat of this table."""

    default_code = "unknown_seat"


class SeatNotPlayingError(LedgerError):
    """A seat of this table that did not play the deal (sat out or left the table)."""

    default_code = "seat_sat_out"


class UnknownDealError(LedgerError):
    """A reference to a deal that does not exist (or does not count)."""

    default_code = "unknown_deal"


class UnknownRulingError(LedgerError):
    """A reference to a ruling that is not in force."""

    default_code = "unknown_ruling"


class NothingToUndoError(LedgerError):
    """An undo with no recorded deal to undo."""

    default_code = "nothing_to_undo"


class CascadeError(LedgerError):
    """A valid event that would invalidate events recorded after it."""

    default_code = "invalidates_later_events"


_BY_CODE: dict[str, type[LedgerError]] = {
    "duplicate_event_id": DuplicateEventError,
    "game_finished": GameFinishedError,
    "unknown_seat": UnknownSeatError,
    "seat_sat_out": SeatNotPlayingError,
    "seat_left_table": SeatNotPlayingError,
    "offender_sat_out": SeatNotPlayingError,
    "offender_left_table": SeatNotPlayingError,
    "dealer_left_table": SeatNotPlayingError,
    "unknown_deal": UnknownDealError,
    "deal_not_counted": UnknownDealError,
    "unknown_ruling": UnknownRulingError,
    "nothing_to_undo": NothingToUndoError,
    "invalidates_later_events": CascadeError,
}


def error_for(code: str, message: str, event_id: str | None = None) -> LedgerError:
    """The typed error for an issue ``code`` (:class:`InvalidEventError` if unlisted)."""
    cls = _BY_CODE.get(code, InvalidEventError)
    return cls(message, code=code, event_id=event_id)
