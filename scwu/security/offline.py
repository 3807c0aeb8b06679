"""Whose offline copies and pending deals a phone holds.

The table page's service worker keeps copies of the pages it served so a line judge can go on
without a network; the page keeps the deals it could not send yet. On a phone passed from
hand to hand both must stay with the account that made them:

- Every answer the worker may keep names its *offline scope* (``SCOPE_HEADER``): ``public``
  for a signed-out visitor (the answer holds only what the public may see), else a random
  token kept in the signed-in session, so each session has its own and nobody can guess
  another's. The worker keeps the copies of one scope at a time and serves them only while
  that session lives (``EXPIRES_HEADER``, epoch milliseconds).
- A pending deal carries its *recorder*: a keyed hash of the account (the same across that
  account's sessions, so a judge who signs in again still sends their deals, and useless to
  anyone else). The server refuses a deal whose recorder is not the signed-in account.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import SESSION_KEY as AUTH_SESSION_KEY
from django.http import HttpResponseBase
from django.utils.crypto import salted_hmac

PUBLIC_SCOPE = "public"
SCOPE_HEADER = "X-SCWU-Offline-Scope"
EXPIRES_HEADER = "X-SCWU-Offline-Expires"
#: What the sign-out answer tells the browser to forget (the worker and its caches included).
CLEAR_SITE_DATA = '"cache", "storage"'
#: Where the session keeps its scope: {"scope": token, "expires": epoch seconds}.
_SESSION_ENTRY = "scwu_offline"
#: The longest a copy is served, whoever kept it (shorter if the session's lifetime is).
MAX_COPY_DAYS = 7


def max_copy_seconds() -> int:
    """How long the worker may serve a copy after keeping it: a week, or a session's lifetime
    if that is shorter."""
    return min(MAX_COPY_DAYS * 24 * 3600, settings.SESSION_COOKIE_AGE)


@dataclass(frozen=True)
class OfflineScope:
    name: str
    #: Epoch milliseconds after which no copy of this scope is served.
    expires_ms: int

    @property
    def is_public(self) -> bool:
        return self.name == PUBLIC_SCOPE


def offline_scope(request: Any) -> OfflineScope | None:
    """The scope of ``request``'s answers, or None when none may be kept offline.

    ``request`` is Django's or DRF's request. None for a user authenticated otherwise than by
    the session (Basic auth, a token): there is no session to tie the copies to.
    """
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return OfflineScope(PUBLIC_SCOPE, int((time.time() + max_copy_seconds()) * 1000))
    session = getattr(request, "session", None)
    if session is None or session.get(AUTH_SESSION_KEY) != str(user.pk):
        return None
    kept = session.get(_SESSION_ENTRY)
    if not (isinstance(kept, dict) and isinstance(kept.get("scope"), str)):
        # Written once per session: saving it now sets the session's own expiry to the same
        # moment (or later, should the session be saved again), so copies never outlive it.
        kept = {
            "scope": secrets.token_urlsafe(18),
            "expires": int(time.time()) + settings.SESSION_COOKIE_AGE,
        }
        session[_SESSION_ENTRY] = kept
    expires = min(int(kept["expires"]), int(time.time()) + max_copy_seconds())
    return OfflineScope(kept["scope"], expires * 1000)


def mark_offline_copy(request: Any, response: HttpResponseBase) -> HttpResponseBase:
    """Name the scope (and its end) of an answer the table page's worker may keep."""
    scope = offline_scope(request)
    if scope is not None:
        response[SCOPE_HEADER] = scope.name
        response[EXPIRES_HEADER] = str(scope.expires_ms)
    return response


def recorder_id(user: Any) -> str:
    """The account's name on a pending deal ("" signed out): stable, not guessable."""
    if user is None or not user.is_authenticated:
        return ""
    return salted_hmac("scwu.security.offline.recorder", str(user.pk)).hexdigest()[:32]
