"""Sign-in limits beyond django-axes' per username and address lockout.

django-axes locks a username out for one address after a few failures. Two holes remain:
a new username each time never trips it, yet each made-up password costs a second of
hashing (a CPU denial of service), and many addresses may each guess a few passwords of one
account. So, before any password is hashed, every sign-in path (the form, the admin, API
basic auth) asks ``SignInGuardBackend`` (between axes' backend and Django's):

- per address: after ``SCWU_LOGIN_ADDRESS_FAILURE_LIMIT`` failures of any usernames from
  one address within ``SCWU_LOGIN_ADDRESS_WINDOW_MINUTES``, the address is refused at once;
- per account: after ``SCWU_LOGIN_ACCOUNT_FAILURE_LIMIT`` failures for one username from
  anywhere within ``SCWU_LOGIN_ACCOUNT_WINDOW_MINUTES``, the account is refused at once.

Neither is held against the account holder: a *known source* of the account skips both, so
a stranger cannot lock the holder out. A source is known for an account when the request
carries the signed device cookie a successful sign-in of that account set in this browser,
or comes from an address the account signed in from successfully; both are remembered for
``SCWU_LOGIN_KNOWN_DAYS``. Failures from a known source still count towards axes' per
address lockout, not towards the account's. A refusal answers like axes' lockout (429) and
costs no hashing and no database write.

The counters live in the shared cache (Redis in production): while Redis is down they count
nothing and only axes (in the database) limits sign-ins.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from axes.exceptions import AxesBackendPermissionDenied
from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core import signing
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from rest_framework.request import Request

from scwu.security.proxy import client_address

#: The browser's proof of earlier sign-ins: a signed list of the accounts' digests.
DEVICE_COOKIE = "scwu_known"
DEVICE_SALT = "scwu.security.signin.device"
#: A shared phone keeps the sign-ins of a few judges, no more.
DEVICE_ACCOUNTS = 8
#: The request attribute that asks the middleware to renew the device cookie.
DEVICE_PENDING = "scwu_signin_device"
#: Set on a request whose password the guard let through to be checked: only those count as
#: failures (not the ones axes or the guard refused unchecked).
CHECKED = "scwu_signin_checked"


#: The form and the admin pass Django's request; API basic auth passes DRF's, which reads
#: through to Django's and keeps the marks set on it.
AnyRequest = HttpRequest | Request


def _address(request: AnyRequest) -> str:
    return client_address(request._request if isinstance(request, Request) else request)


@dataclass(frozen=True)
class SignInLimits:
    address_failures: int
    address_window: int  # seconds
    account_failures: int
    account_window: int  # seconds
    known_for: int  # seconds

    @classmethod
    def current(cls) -> SignInLimits:
        return cls(
            address_failures=settings.SCWU_LOGIN_ADDRESS_FAILURE_LIMIT,
            address_window=settings.SCWU_LOGIN_ADDRESS_WINDOW_MINUTES * 60,
            account_failures=settings.SCWU_LOGIN_ACCOUNT_FAILURE_LIMIT,
            account_window=settings.SCWU_LOGIN_ACCOUNT_WINDOW_MINUTES * 60,
            known_for=settings.SCWU_LOGIN_KNOWN_DAYS * 86400,
        )


def account_digest(username: str) -> str:
    """A short name of an account for cache keys and the cookie (never the username)."""
    return hashlib.sha256(
        username.encode("utf-8", "surrogatepass") + settings.SECRET_KEY.encode()
    ).hexdigest()[:20]


def _address_key(address: str) -> str:
    return f"signin:address:{address}"


def _account_key(digest: str) -> str:
    return f"signin:account:{digest}"


def _known_key(digest: str, address: str) -> str:
    return f"signin:known:{digest}:{address}"


def _count(key: str) -> int:
    value = cache.get(key)
    return value if isinstance(value, int) else 0


def _bump(key: str, window: int) -> None:
    """One more in a fixed window that starts with the first failure."""
    if cache.add(key, 1, timeout=window):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=window)


def device_accounts(request: AnyRequest) -> list[str]:
    """The accounts this browser signed in to (the digests its device cookie holds)."""
    raw = request.COOKIES.get(DEVICE_COOKIE)
    if not raw:
        return []
    try:
        value = signing.loads(raw, salt=DEVICE_SALT, max_age=SignInLimits.current().known_for)
    except signing.BadSignature:
        return []
    return [str(item) for item in value] if isinstance(value, list) else []


def is_known_source(request: AnyRequest, username: str) -> bool:
    digest = account_digest(username)
    return digest in device_accounts(request) or bool(
        cache.get(_known_key(digest, _address(request)))
    )


def signin_refusal(request: AnyRequest, username: str) -> str | None:
    """Why this sign-in is refused before its password is checked ("address" or
    "account"), or None."""
    if is_known_source(request, username):
        return None
    limits = SignInLimits.current()
    if _count(_address_key(_address(request))) >= limits.address_failures:
        return "address"
    if _count(_account_key(account_digest(username))) >= limits.account_failures:
        return "account"
    return None


class SignInGuardBackend:
    """Refuses, without hashing, what the limits above refuse; else lets the next backend
    check the password. Place it after axes' backend and before ModelBackend."""

    def authenticate(
        self,
        request: AnyRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None or username is None:
            return None
        if signin_refusal(request, username) is None:
            setattr(request, CHECKED, True)
            return None
        # axes' middleware (forms) and LockoutAwareBasicAuthentication (API) answer 429 for
        # a request so marked, and axes records no failure for it.
        request.axes_locked_out = True  # type: ignore[attr-defined]
        request.axes_credentials = {"username": username}  # type: ignore[attr-defined]
        # No get_user: sessions (and the test client's force_login) name the backend that
        # loads users, and this one loads none.
        raise AxesBackendPermissionDenied("sign-in limit")


def signin_failed(request: AnyRequest | None, username: str) -> None:
    if request is None or not getattr(request, CHECKED, False):
        return  # refused by axes or by the guard without checking the password
    limits = SignInLimits.current()
    _bump(_address_key(_address(request)), limits.address_window)
    if not is_known_source(request, username):
        _bump(_account_key(account_digest(username)), limits.account_window)


def signin_succeeded(request: AnyRequest | None, username: str) -> None:
    """Remember the address, and ask the middleware for the device cookie."""
    if request is None:
        return
    digest = account_digest(username)
    cache.set(_known_key(digest, _address(request)), 1, timeout=SignInLimits.current().known_for)
    setattr(request, DEVICE_PENDING, digest)


def device_cookie_value(request: AnyRequest, digest: str) -> str:
    accounts = [digest, *(d for d in device_accounts(request) if d != digest)]
    return signing.dumps(accounts[:DEVICE_ACCOUNTS], salt=DEVICE_SALT)


def _on_failed(sender: Any, credentials: dict[str, Any], request: Any = None, **kw: Any) -> None:
    username = credentials.get("username")
    if isinstance(username, str):
        # A DRF request (API basic auth) carries the marks itself and reads the rest through.
        signin_failed(request, username)


def _on_logged_in(sender: Any, request: Any, user: Any, **kw: Any) -> None:
    signin_succeeded(request, user.get_username())


def connect() -> None:
    """Count failures and remember successes of every sign-in path (AppConfig.ready)."""
    user_login_failed.connect(_on_failed, dispatch_uid="scwu.signin.failed")
    user_logged_in.connect(_on_logged_in, dispatch_uid="scwu.signin.logged_in")


class SignInDeviceMiddleware:
    """Sets the device cookie after a successful sign-in (the receiver above marks the
    request): this browser is then a known source of the account."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        digest = getattr(request, DEVICE_PENDING, None)
        if isinstance(digest, str):
            response.set_cookie(
                DEVICE_COOKIE,
                device_cookie_value(request, digest),
                max_age=SignInLimits.current().known_for,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


# The second factor: a person past the password step guesses a six-digit code. allauth's own
# limit on that rides on its sign-in limit, which is off (axes and the limits above are the
# one sign-in authority), so the codes are limited here: per account, from anywhere.


def _second_factor_key(user_pk: int) -> str:
    return f"signin:second-factor:{user_pk}"


def second_factor_refusal(user_pk: int) -> str | None:
    """Why no code is checked now for this account (too many wrong ones), or ``None``."""
    if _count(_second_factor_key(user_pk)) < settings.SCWU_SECOND_FACTOR_FAILURE_LIMIT:
        return None
    minutes = settings.SCWU_SECOND_FACTOR_WINDOW_MINUTES
    return str(_("Too many wrong codes: try again in %(n)d minutes.") % {"n": minutes})


def second_factor_failed(user_pk: int) -> None:
    _bump(_second_factor_key(user_pk), settings.SCWU_SECOND_FACTOR_WINDOW_MINUTES * 60)


def second_factor_succeeded(user_pk: int) -> None:
    cache.delete(_second_factor_key(user_pk))
