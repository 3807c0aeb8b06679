"""Typed errors of the Smoke engine.

Every error subclasses :class:`ValueError` (python-chess style) and carries a
short machine ``code`` next to the human ``detail``, so that the command line
and the site can show ``{"error": code, "detail": detail}``.

>>> err = IllegalActionError("Whiz has sat twice in a row and must play", reason="mustie")
>>> isinstance(err, ValueError), err.code, err.reason
(True, 'illegal', 'mustie')
>>> str(err)
'Whiz has sat twice in a row and must play'

Both games raise the engine's one :class:`engine.errors.IllegalActionError`
(``message, *, reason``): Smoke's is that class, also a :class:`SmokeError`.

>>> from engine import errors
>>> issubclass(IllegalActionError, errors.IllegalActionError)
True
"""

from __future__ import annotations

from engine import errors


class SmokeError(ValueError):
    """Base class: something the user (or the record) got wrong."""

    default_code = "smoke"

    def __init__(self, detail: str, *, code: str | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.code = code or self.default_code

    def as_dict(self) -> dict[str, str]:
        """The JSON form used by the command line: ``{"error", "detail"}``."""
        return {"error": self.code, "detail": self.detail}


class CardError(SmokeError):
    """A card code that is not one of the 52 (``"1X"``, ``"10H"``...)."""

    default_code = "card"


class ActionError(SmokeError):
    """An action code that cannot be parsed."""

    default_code = "action"


class IllegalActionError(errors.IllegalActionError, SmokeError):
    """A well-formed action that the rules forbid now: the engine's
    :class:`~engine.errors.IllegalActionError` (same arguments), and a :class:`SmokeError`
    for the Smoke command line and site (``code`` ``illegal``).

    ``reason`` names the rule: ``phase``, ``turn``, ``not_in_hand``, ``mustie``,
    ``in_the_box``, ``must_lead_highest_smoke``, ``must_follow_suit``,
    ``must_follow_or_smoke``, ``stock``.
    """

    default_code = "illegal"


class RulesError(SmokeError):
    """Impossible settings, e.g. eight participants."""

    default_code = "rules"


class TallyError(SmokeError):
    """A hand that cannot be entered on the tally sheet.

    Codes: ``participant``, ``dealer``, ``stayed``, ``tricks``, ``mustie``,
    ``in_the_box``, ``infraction``, ``first_trick``, ``over``, ``tie``.
    """

    default_code = "tally"


class RecordError(SmokeError):
    """A hand or session record that is malformed or breaks the rules.

    Codes: ``format`` (JSON shape), ``card``, ``participant``, ``deal``,
    ``draw``, ``play``, plus the :class:`TallyError` codes.
    """

    default_code = "format"
