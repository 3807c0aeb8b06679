"""Officials without two-factor sign-in are asked to set it up where they reach for their
rights (scwu/security/second_factor.py holds the rule; this only shows the way)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from scwu.roles import second_factor_missing

API_PREFIX = "/api/"


def second_factor_setup_url(request: HttpRequest) -> str:
    """The authenticator app's setup page, coming back here afterwards."""
    query = urlencode({"next": request.get_full_path()})
    return f"{reverse('mfa_activate_totp')}?{query}"


class SecondFactorMiddleware:
    """The admin site, and any page that refused an official for want of the rights the
    second factor gives, send the official to set it up, with a message saying why. The API
    answers its own 403 (scwu/api/errors.py names the reason)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.admin_prefix = reverse("admin:index")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if (
            request.path.startswith(self.admin_prefix)
            and user is not None
            and user.is_authenticated
            and second_factor_missing(user)
        ):
            return self._ask(request)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, PermissionDenied) or request.path.startswith(API_PREFIX):
            return None
        if not second_factor_missing(getattr(request, "user", None)):
            return None
        return self._ask(request)

    def _ask(self, request: HttpRequest) -> HttpResponse:
        messages.warning(
            request,
            _(
                "Your rights as an official (administrator, director, head referee or "
                "commission member) need two-factor sign-in. Set it up with an authenticator "
                "app to use them."
            ),
        )
        return HttpResponseRedirect(second_factor_setup_url(request))
