"""The vocabulary of a tournament's life: actions, refusals and offers.

Every rule that decides whether an action may happen now is registered here, under its
action, by the modules of this package (:func:`rule`). Services call :func:`require`
before they write; pages and the API call :func:`offers` to show an action enabled, or
disabled with the reason, so the button and the service can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from django.core.exceptions import ValidationError
from django_stubs_ext import StrOrPromise

from scwu.roles import AnyUser


class Action(StrEnum):
    """What a director, referee or line judge may try to do to a tournament or a round."""

    # The tournament.
    OPEN_REGISTRATION = "open_registration"
    CLOSE_REGISTRATION = "close_registration"
    START = "start"
    FINISH = "finish"
    REOPEN = "reopen"
    EDIT_FORMAT = "edit_format"
    # Its entries.
    REGISTER = "register"
    CHECK_IN = "check_in"
    WITHDRAW = "withdraw"
    SUBSTITUTE = "substitute"
    # Its teams (``Context.extra``: ``club``, the team's club).
    TEAM_ENTER = "team_enter"
    TEAM_CHANGE = "team_change"
    TEAM_WITHDRAW = "team_withdraw"
    # Its rounds and stages.
    CREATE_ROUND = "create_round"
    CREATE_PLAYOFF = "create_playoff"
    DRAW = "draw"
    DRAW_MANUAL = "draw_manual"
    PUBLISH = "publish"
    FINISH_ROUND = "finish_round"
    REOPEN_ROUND = "reopen_round"
    DELETE_ROUND = "delete_round"
    RESET_DRAW = "reset_draw"
    # A league's night: tonight's attendance and draw (``Context.extra``: night, next_round).
    DRAW_NIGHT = "draw_night"


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action may not happen now: the rule's ``code`` (stable, for the API and the
    tests), the ``message`` a person reads, and the ``field`` it is reported under."""

    code: str
    message: StrOrPromise
    field: str = "detail"
    #: The subject is simply not in the state the action starts from (a round in play
    #: cannot be reopened): a page leaves the action out rather than show it disabled.
    off_path: bool = False

    def error(self) -> ValidationError:
        # The code on the field's error itself: a dict's own ``code`` is dropped by Django.
        return ValidationError({self.field: [ValidationError(self.message, code=self.code)]})


@dataclass(frozen=True, slots=True)
class Context:
    """What a rule may need beyond its subject: who acts, and for round creation and the
    play-off, which stage."""

    by: AnyUser | None = None
    stage: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


Rule = Callable[[Any, Context], Refusal | None]
_RULES: dict[Action, list[Rule]] = {}
Explanation = Callable[[Any, Context], StrOrPromise | None]
_CONSEQUENCES: dict[Action, list[Explanation]] = {}

#: The code of the refusal that asks a person to confirm an irreversible action.
CONFIRM = "confirm"


def rule(*actions: Action) -> Callable[[Rule], Rule]:
    """Register ``check(subject, context) -> Refusal | None`` for ``actions``; the rules of
    an action are asked in registration order and the first refusal stands."""

    def register(check: Rule) -> Rule:
        for action in actions:
            _RULES.setdefault(action, []).append(check)
        return check

    return register


def refusal(action: Action, subject: Any, context: Context | None = None) -> Refusal | None:
    """The first rule that stops ``action`` on ``subject`` now, or ``None`` if it may happen."""
    context = context or Context()
    for check in _RULES.get(action, ()):
        found = check(subject, context)
        if found is not None:
            return found
    return None


def require(action: Action, subject: Any, context: Context | None = None) -> None:
    """Raise the refusal of ``action`` as a ``ValidationError`` (a 409 in the API, a
    message on the pages), or return when it may happen."""
    found = refusal(action, subject, context)
    if found is not None:
        raise found.error()


def explains(*actions: Action) -> Callable[[Explanation], Explanation]:
    """Register ``say(subject, context) -> text | None``: what ``actions`` will do that cannot
    simply be undone (``None`` when nothing of the kind), for the confirmation."""

    def register(say: Explanation) -> Explanation:
        for action in actions:
            _CONSEQUENCES.setdefault(action, []).append(say)
        return say

    return register


def consequence(action: Action, subject: Any, context: Context | None = None) -> str | None:
    """What ``action`` on ``subject`` will do that needs a confirmation, or ``None``."""
    context = context or Context()
    said = [str(text) for say in _CONSEQUENCES.get(action, ()) if (text := say(subject, context))]
    return " ".join(said) or None


def require_confirmed(
    action: Action, subject: Any, confirmed: bool, context: Context | None = None
) -> None:
    """Refuse an action that needs a confirmation and did not get one: the refusal's message
    is what the action will do (a 409 in the API, the confirmation step on the pages)."""
    if confirmed:
        return
    text = consequence(action, subject, context)
    if text is not None:
        raise Refusal(CONFIRM, text, "confirm").error()


@dataclass(frozen=True, slots=True)
class Offer:
    """An action as a page shows it: enabled, or disabled with the reason (and the rule's
    ``code``); ``consequence`` is what it will do that asks a confirmation."""

    action: Action
    reason: StrOrPromise = ""
    code: str = ""
    consequence: StrOrPromise = ""
    off_path: bool = False

    @property
    def allowed(self) -> bool:
        return not self.reason

    @property
    def shown(self) -> bool:
        """Whether a page shows it: enabled, or disabled with a reason worth reading."""
        return self.allowed or not self.off_path


def offers(
    subject: Any, actions: Iterable[Action], context: Context | None = None
) -> dict[str, Offer]:
    """``{action: Offer}`` for a template (``offers.finish.allowed``) or an API answer."""
    found: dict[str, Offer] = {}
    for action in actions:
        refused = refusal(action, subject, context)
        if refused is not None:
            found[str(action)] = Offer(
                action, refused.message, refused.code, off_path=refused.off_path
            )
        else:
            said = consequence(action, subject, context) or ""
            found[str(action)] = Offer(action, consequence=said)
    return found
