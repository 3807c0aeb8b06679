"""Typed errors of the standings maths.

Two kinds, as in Tabbycat: :class:`StandingsError` and its subclasses are input a
director can fix (a points table with a gap, a play-off result naming the wrong
players); they subclass :class:`ValueError` and carry a message meant to be shown.
:class:`StandingsInternalError` is a bug: an invariant the code itself broke.
"""

from __future__ import annotations


class StandingsError(ValueError):
    """Base of every user-fixable standings error; the message is meant to be shown."""


class InvalidGameLineError(StandingsError):
    """A game line is impossible (negative deals, more deals lost than played, ...)."""


class InvalidEntrantsError(StandingsError):
    """Entrants and game lines do not fit together (duplicates, unknown players)."""


class UnknownMetricError(StandingsError):
    """A tie-break precedence names a metric the registry does not know."""


class InvalidPointsTableError(StandingsError):
    """A ranking-points or placement-points table is malformed."""


class PlayoffMismatchError(StandingsError):
    """A play-off result does not match the tie at the cut."""


class InvalidFinalError(StandingsError):
    """A final (or small final) result is inconsistent."""


class StandingsInternalError(RuntimeError):
    """A bug: the standings code broke one of its own invariants."""
