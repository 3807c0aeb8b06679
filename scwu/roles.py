"""Who may do what. Services call these checks; templates only use them to hide buttons.

Roles are Django groups (created by a data migration), except those that follow from the
data itself: a commission member is a user with an active ``CommissionMember`` row, a club
captain is the user linked to a club's captain, a player is a user linked to a ``Player``.

A page asks the same questions many times (the navigation asks every role, a round's dashboard
asks who may referee each table): the data behind them is one query per request
(``scwu.user_facts``, remembered by ``scwu.request_memo``), so a page's queries do not grow
with its tables. Outside a request (tasks, WebSocket consumers, services called directly)
nothing is remembered and every check reads the database.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import models
from django.utils.translation import gettext_lazy as _

from scwu.security.second_factor import official_rights_held
from scwu.user_facts import user_facts

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


def _facts(user: Any) -> dict[str, bool]:
    """What the data says of ``user``'s roles and posts (groups, commission, player, captain,
    a tournament's director or head referee): one query, read once per request."""
    return user_facts(user).posts


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
