from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from scwu.roles import Role, has_role


def roles(request: HttpRequest) -> dict[str, Any]:
    """Expose the current user's roles to templates (to hide buttons, never to authorise)."""
    user = getattr(request, "user", None)
    return {"user_roles": {role.value: has_role(user, role) for role in Role}}
