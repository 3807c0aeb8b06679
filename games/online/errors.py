"""The error codes of the online table protocol, each with a translated message.

A refused frame never reveals anything about another seat: the message depends only on
the code, never on the engine's detail (which may name cards)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

MESSAGES: dict[str, Promise] = {
    "not_your_turn": _("It is not your turn."),
    "illegal_action": _("That move is not allowed now."),
    "stale_version": _("The table has moved on: your screen shows an old state."),
    "malformed": _("The message could not be understood."),
    "throttled": _("Too many messages: slow down."),
    "forbidden": _("You may not do that at this table."),
    "game_over": _("The game is over."),
    "paused": _("The table is paused."),
    "too_many_connections": _(
        "This table (or your address) has as many spectators as it may: try again later."
    ),
}


class OnlineError(ValueError):
    """A frame the table refuses; ``code`` is one of :data:`MESSAGES`."""

    def __init__(self, code: str, message: str | Promise | None = None) -> None:
        if code not in MESSAGES:  # pragma: no cover - a programming error
            raise ValueError(f"unknown online error code {code!r}")
        self.code = code
        self.message = str(message if message is not None else MESSAGES[code])
        super().__init__(self.message)

    def frame(self) -> dict[str, object]:
        return {"type": "error", "code": self.code, "message": self.message}
