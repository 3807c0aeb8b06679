"""HTTP caching of public answers that change only with a version (the results version).

An answer the public may share gets ``Cache-Control: public, max-age=…`` so nginx (its
``proxy_cache`` in ``deploy/nginx.conf.template``) or any CDN answers the next spectators
itself, and an ``ETag`` so a client that has it gets a 304. A signed-in viewer may see more
(held-back rounds): their answers are ``private`` and are never shared.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers

#: Seconds a shared cache may answer without asking: a change shows within this delay at most.
PUBLIC_MAX_AGE = 2


def etag_of(*parts: object) -> str:
    return 'W/"' + "-".join(str(part) for part in parts) + '"'


def not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    """A 304 when the client already holds ``etag``."""
    held = [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]
    if etag in held or "*" in held:
        response = HttpResponseNotModified()
        response["ETag"] = etag
        return response
    return None


def versioned(
    response: HttpResponse, *, etag: str, shared: bool, max_age: int = PUBLIC_MAX_AGE
) -> HttpResponse:
    """Mark ``response`` with its version; ``shared`` when it holds nothing per viewer."""
    response["ETag"] = etag
    if shared:
        patch_cache_control(response, public=True, max_age=max_age)
    else:
        patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ["Accept-Language"])
    return response


# Cookies that make a page personal although the viewer is signed out: a flash message waits
# (django.contrib.messages), or a session exists. nginx bypasses its cache for them too.
_PERSONAL_COOKIES = (settings.SESSION_COOKIE_NAME, "messages")

_View = TypeVar("_View", bound=Callable[..., HttpResponse])


def public_page(view: _View) -> _View:
    """Let a shared cache keep this page for the public for ``PUBLIC_MAX_AGE`` seconds.

    Only a signed-out viewer's plain ``GET`` without personal cookies, answered 200 without
    setting a cookie, is marked ``public``: its HTML is the same for every such viewer (the
    language aside, hence ``Vary: Accept-Language``). Everything else stays as it was."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if (
            request.method in ("GET", "HEAD")
            and response.status_code == 200
            and not request.user.is_authenticated
            and not any(name in request.COOKIES for name in _PERSONAL_COOKIES)
            and not response.cookies
        ):
            # Shared caches keep it (s-maxage); a browser asks again on every load, so a
            # spectator's reload shows what changed at once (max-age=0, revalidated).
            patch_cache_control(response, public=True, max_age=0, s_maxage=PUBLIC_MAX_AGE)
            patch_vary_headers(response, ["Accept-Language"])
        return response

    return wrapped  # type: ignore[return-value]
