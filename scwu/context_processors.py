from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from scwu.roles import Role, has_role, second_factor_missing
from scwu.security.offline import offline_scope
from scwu.user_facts import user_facts


def roles(request: HttpRequest) -> dict[str, Any]:
    """Expose the current user's roles to templates (to hide buttons, never to authorise)."""
    user = getattr(request, "user", None)
    return {
        "user_roles": {role.value: has_role(user, role) for role in Role},
        # An official whose rights wait for two-factor sign-in: every page says so.
        "second_factor_needed": second_factor_missing(user),
        # The header's link to the user's own player profile, from the same query as the roles.
        "my_player": _my_player(user),
    }


def _my_player(user: Any) -> dict[str, Any] | None:
    if user is None or not user.is_authenticated:
        return None
    facts = user_facts(user)
    if facts.player_id is None:
        return None
    return {"pk": facts.player_id, "nickname": facts.player_nickname}


def offline(request: HttpRequest) -> dict[str, Any]:
    """The offline scope every page tells the table page's worker (``scwu/static/scwu/site.js``):
    a signed-out page makes it drop every signed-in copy, another account's page the copies of
    any account but this one."""
    return {"offline_scope": offline_scope(request)}
