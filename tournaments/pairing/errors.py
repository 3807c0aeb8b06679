"""The two kinds of error the pairing package raises.

:class:`PairingError` is something the tournament director can fix (too few
players, a tie at the final cut, a manual draw with problems): it carries a
machine ``code``, its ``params`` and a plain English message for translation.
:class:`PairingBug` means the package broke its own promise: report it.
"""

from __future__ import annotations

from collections.abc import Mapping

ParamValue = int | str | float | list[int]


class PairingError(ValueError):
    """A problem with the inputs that the director can fix."""

    code = "pairing_error"

    def __init__(self, message: str, *, params: Mapping[str, ParamValue] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.params: dict[str, ParamValue] = dict(params or {})


class FieldSizeError(PairingError):
    """The field cannot be seated at tables of the allowed sizes."""

    code = "field_size"


class InputError(PairingError):
    """Inconsistent or malformed inputs (duplicate ids, unknown method, bad numbers)."""

    code = "bad_input"


class TieAtCutError(PairingError):
    """Players share a ranking position across the final cut: a play-off is needed."""

    code = "tie_at_cut"


class DrawProblemsError(PairingError):
    """A manual draw still has blocking problems and cannot be confirmed."""

    code = "draw_problems"


class PairingBug(RuntimeError):
    """The pairing code broke one of its own invariants: this is a bug."""
