"""Who may do what. Services call these checks; templates only use them to hide buttons.

Roles are Django groups (created by a data migration), except those that follow from the
data itself: a commission member is a user with an active ``CommissionMember`` row, a club
captain is the user linked to a club's captain, a player is a user linked to a ``Player``.

A page asks the same questions many times (the navigation asks every role, a round's dashboard
asks who may referee each table), so within a request each answer is read once
(:func:`remembered`, kept by :class:`RolesPerRequestMiddleware`): a page's queries do not grow
with its tables. Outside a request (tasks, WebSocket consumers, services called directly)
nothing is remembered and every check reads the database.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextvars import ContextVar
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Exists, OuterRef
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from scwu.security.second_factor import official_rights_held

AnyUser = AbstractBaseUser | AnonymousUser


class Role(models.TextChoices):
    ADMINISTRATOR = "administrator", _("SCWU administrator")
    COMMISSION = "commission", _("commission member")
    DIRECTOR = "director", _("tournament director")
    REFEREE = "referee", _("referee")
    CAPTAIN = "captain", _("club captain")
    PLAYER = "player", _("player")


GROUP_ROLES = (Role.ADMINISTRATOR, Role.DIRECTOR, Role.REFEREE)
#: The roles whose rights need two-factor sign-in (scwu/security/second_factor.py); a
#: tournament's named directors and head referee are asked the same where their rights are.
OFFICIAL_ROLES = (Role.ADMINISTRATOR, Role.DIRECTOR, Role.COMMISSION)


_T = TypeVar("_T")

#: The answers of the request being served (``None`` outside one).
_answers: ContextVar[dict[Hashable, Any] | None] = ContextVar("scwu_role_answers", default=None)


def remembered(key: Hashable, compute: Callable[[], _T]) -> _T:
    """``compute()``, once per request for ``key`` (which names the user and whatever else the
    answer depends on); every time outside a request."""
    answers = _answers.get()
    if answers is None:
        return compute()
    if key not in answers:
        answers[key] = compute()
    return answers[key]  # type: ignore[no-any-return]


class RolesPerRequestMiddleware:
    """Keeps :func:`remembered` answers for the request being served, and drops them after:
    a change of roles shows from the next request on."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _answers.set({})
        try:
            return self.get_response(request)
        finally:
            _answers.reset(token)


def _facts_load(user_id: int) -> dict[str, bool]:
    users = get_user_model().objects

    def having(**lookup: Any) -> Exists:
        return Exists(users.filter(pk=OuterRef("pk"), **lookup))

    facts = {
        **{role.value: having(groups__name=role.value) for role in GROUP_ROLES},
        Role.COMMISSION.value: having(commission_membership__active=True),
        Role.PLAYER.value: having(player__isnull=False),
        Role.CAPTAIN.value: having(player__captained_clubs__isnull=False),
        "directs": having(directed_tournaments__isnull=False),
        "head_referee": having(head_refereed_tournaments__isnull=False),
    }
    # Named apart from the user's fields and relations (``player``), which an annotation
    # may not shadow.
    named = {f"fact_{name}": fact for name, fact in facts.items()}
    row = users.filter(pk=user_id).annotate(**named).values_list(*named).first()
    return dict(zip(facts, row or [False] * len(facts), strict=True))


def _facts(user: Any) -> dict[str, bool]:
    """What the data says of ``user``'s roles and posts (groups, commission, player, captain,
    a tournament's director or head referee): one query, read once per request."""
    return remembered(("roles", user.pk), lambda: _facts_load(user.pk))


def _in_group(user: Any, name: str) -> bool:
    return _facts(user)[name]


def has_role(user: AnyUser | None, role: Role) -> bool:
    """Whether ``user`` holds ``role`` and may use it now. The public (anonymous) holds none;
    an official without two-factor sign-in holds no official role until they set it up."""
    held = _holds(user, role)
    if held and role in OFFICIAL_ROLES:
        return official_rights_held(user)
    return held


def _holds(user: AnyUser | None, role: Role) -> bool:
    if user is None or not user.is_authenticated:
        return False
    u: Any = user
    if u.is_superuser:
        return True
    if role in (Role.COMMISSION, Role.CAPTAIN, Role.PLAYER):
        return _facts(u)[role.value]
    if role == Role.ADMINISTRATOR:
        return _in_group(u, Role.ADMINISTRATOR)
    # An administrator can step in as a director or referee at any event.
    return _in_group(u, role) or _in_group(u, Role.ADMINISTRATOR)


def holds_official_post(user: AnyUser | None) -> bool:
    """Whether ``user`` is an official, whether or not the rights are usable now: staff, an
    administrator, director or commission member, or a tournament's director or head referee."""
    if user is None or not user.is_authenticated:
        return False
    u: Any = user
    if u.is_staff or any(_holds(u, role) for role in OFFICIAL_ROLES):
        return True
    facts = _facts(u)
    return facts["directs"] or facts["head_referee"]


def second_factor_missing(user: AnyUser | None) -> bool:
    """An official whose rights are off until they set up two-factor sign-in."""
    return not official_rights_held(user) and holds_official_post(user)


def roles_of(user: AnyUser | None) -> list[Role]:
    return [role for role in Role if has_role(user, role)]


def require_role(user: AnyUser | None, *roles: Role) -> None:
    """Raise ``PermissionDenied`` unless ``user`` holds one of ``roles``."""
    if not any(has_role(user, role) for role in roles):
        names = ", ".join(str(role.label) for role in roles)
        raise PermissionDenied(_("This needs the role: %(roles)s.") % {"roles": names})
