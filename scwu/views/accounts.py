"""Signing out on a shared phone: the browser forgets everything the site kept on it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import LogoutView
from django.http import HttpRequest, HttpResponse

from scwu.security.offline import CLEAR_SITE_DATA


class SignOutView(LogoutView):
    """Django's sign-out, whose answer also clears the site's caches and storage.

    The table page's service worker, its copies of the judge's pages and the deals waiting on
    the phone are the judge's: the next person to pick up the phone must find none of them,
    with or without a network (``scwu.security.offline``). The page warns before signing out
    when deals have not been sent yet (``games/static/games/table.js``).
    """

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response
