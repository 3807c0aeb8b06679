"""Typed errors of the Smoke engine.

Every error subclasses :class:`ValueError` (python-chess style) and carries a
short machine ``code`` next to the human ``detail``, so that the command line
and the site can show ``{"error": code, "detail": detail}``.

>>> err = IllegalActionError("mustie", "Whiz has sat twice in a row and must play")
>>> isinstance(err, ValueError), err.code, err.reason
(True, 'illegal', 'mustie')
>>> str(err)
'Whiz has sat twice in a row and must play'
"""

from __future__ import annotations


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


class IllegalActionError(SmokeError):
    """A well-formed action that the rules forbid now.

    ``reason`` names the rule: ``phase``, ``turn``, ``not_in_hand``, ``mustie``,
    ``in_the_box``, ``must_lead_highest_smoke``, ``must_follow_suit``,
    ``must_follow_or_smoke``, ``stock``.
    """

    default_code = "illegal"

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


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
