"""API basic auth that answers like the sign-in form: a locked-out pair gets 429, and a
username no account can have (a NUL, a control character, too long) is refused before the
lockout bookkeeping would try to store it."""

from __future__ import annotations

from typing import Any

from axes.exceptions import AxesBackendPermissionDenied
from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.authentication import BasicScheme
from rest_framework import exceptions
from rest_framework.authentication import BasicAuthentication
from rest_framework.request import Request

#: The longest username an account can have (``auth.User.username``).
USERNAME_MAX = 150


def username_is_possible(username: str) -> bool:
    return 0 < len(username) <= USERNAME_MAX and all(
        ch.isprintable() and ch not in "\x00" for ch in username
    )


class LockoutAwareBasicAuthentication(BasicAuthentication):
    def authenticate_credentials(
        self, userid: str, password: str, request: Request | None = None
    ) -> tuple[Any, None]:
        if not username_is_possible(userid) or "\x00" in password:
            raise exceptions.AuthenticationFailed(_("Invalid username/password."))
        try:
            return super().authenticate_credentials(userid, password, request)
        except AxesBackendPermissionDenied as exc:
            raise self._locked_out() from exc
        except exceptions.AuthenticationFailed:
            # Django's authenticate() swallows the lockout; django-axes marks the request.
            if request is not None and getattr(request, "axes_locked_out", False):
                raise self._locked_out() from None
            raise

    @staticmethod
    def _locked_out() -> exceptions.Throttled:
        seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
        return exceptions.Throttled(
            wait=seconds, detail=_("Too many failed sign-ins. Try again later.")
        )


class LockoutAwareBasicScheme(BasicScheme):
    """The same ``basicAuth`` scheme in the OpenAPI schema."""

    target_class = "scwu.security.basic_auth.LockoutAwareBasicAuthentication"
