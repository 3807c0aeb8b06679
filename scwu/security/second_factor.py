"""Two-factor sign-in for officials: the one rule, asked by every permission helper.

Administrators (staff and superusers too), tournament directors, head referees and
commission members can rewrite results, rulings and the registry. Their rights as officials
hold only while their account has an authenticator app (TOTP, allauth's MFA module, with
its recovery codes); without one they are signed in as anyone else is, and every page tells
them to set it up (``scwu.roles.second_factor_missing``, ``scwu.accounts.middleware``). Everyone
else may set it up too, and need not.

The permission helpers (``scwu.roles.has_role``, ``tournaments.permissions.can_direct``,
``games.permissions``, ``tournaments.visibility``) ask :func:`official_rights_held` on the
paths that grant an official's rights, whatever the request came through: a page, the API
with the session or a token (a token carries its user's rights, so an official's token works
for them only once the official has set up the second factor), or a WebSocket.

``SCWU_OFFICIALS_NEED_SECOND_FACTOR`` is on as shipped and cannot be turned off from the
environment; only the test settings turn it off for the tests of other features, and
``tests/accounts/test_second_factor.py`` runs the rule with it on.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from scwu.user_facts import user_facts

#: Where the answer is kept on the user object for the rest of its request.
_MEMO = "_scwu_has_second_factor"


def has_second_factor(user: Any) -> bool:
    """Whether ``user`` signs in with an authenticator app's codes."""
    if not getattr(user, "is_authenticated", False):
        return False
    known = getattr(user, _MEMO, None)
    if known is None:
        # Read with the user's roles (one query per request, scwu.user_facts).
        known = user_facts(user).second_factor
        setattr(user, _MEMO, known)
    return bool(known)


def official_rights_held(user: Any) -> bool:
    """Whether ``user`` may use the rights of an official they hold (see the module)."""
    if not settings.SCWU_OFFICIALS_NEED_SECOND_FACTOR:
        return True
    return has_second_factor(user)
