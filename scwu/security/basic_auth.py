"""API basic auth, off unless ``SCWU_API_BASIC_AUTH`` is on: every request would check a
password (a second of hashing each), so API clients use tokens (``scwu/api/tokens.py``)
or the session. When on, it answers like the sign-in form: a locked-out pair or a sign-in
limit (``scwu/security/signin.py``) gets 429 before any hashing, and a username no account
can have (a NUL, a control character, too long) is refused before the lockout bookkeeping
would try to store it."""

from __future__ import annotations

from typing import Any

from axes.exceptions import AxesBackendPermissionDenied
from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.authentication import BasicScheme
from rest_framework import exceptions
from rest_framework.authentication import BasicAuthentication
from rest_framework.request import Request

from scwu.security.signin import signin_succeeded

#: The longest username an account can have (``auth.User.username``).
USERNAME_MAX = 150


def username_is_possible(username: str) -> bool:
    return 0 < len(username) <= USERNAME_MAX and all(
        ch.isprintable() and ch not in "\x00" for ch in username
    )


class LockoutAwareBasicAuthentication(BasicAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        if settings.SCWU_API_BASIC_AUTH:
            return super().authenticate(request)
        header = request.META.get("HTTP_AUTHORIZATION", "")
        if isinstance(header, str) and header[:6].lower() == "basic ":
            # Refused as cheaply as any other wrong header, and saying what to use instead.
            raise exceptions.AuthenticationFailed(
                _("Basic authentication is off: send an API token (Authorization: Token …).")
            )
        return None

    def authenticate_credentials(
        self, userid: str, password: str, request: Request | None = None
    ) -> tuple[Any, None]:
        if not username_is_possible(userid) or "\x00" in password:
            raise exceptions.AuthenticationFailed(_("Invalid username/password."))
        try:
            user, _auth = super().authenticate_credentials(userid, password, request)
        except AxesBackendPermissionDenied as exc:
            raise self._locked_out() from exc
        except exceptions.AuthenticationFailed:
            # Django's authenticate() swallows the lockout; django-axes marks the request.
            if request is not None and getattr(request, "axes_locked_out", False):
                raise self._locked_out() from None
            raise
        signin_succeeded(request, userid)
        return user, None

    @staticmethod
    def _locked_out() -> exceptions.Throttled:
        seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
        return exceptions.Throttled(
            wait=seconds, detail=_("Too many failed sign-ins. Try again later.")
        )


class LockoutAwareBasicScheme(BasicScheme):
    """The same ``basicAuth`` scheme in the OpenAPI schema, while basic auth is on."""

    target_class = "scwu.security.basic_auth.LockoutAwareBasicAuthentication"

    def get_security_requirement(
        self, auto_schema: Any
    ) -> dict[str, list[Any]] | list[dict[str, list[Any]]]:
        if not settings.SCWU_API_BASIC_AUTH:
            return []  # no operation offers it
        return super().get_security_requirement(auto_schema)
