"""Local redirects only: a ``next`` taken from the request never leads off the site."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def safe_next(request: HttpRequest, candidate: str | None) -> str | None:
    """``candidate`` if it is a path on this site, else ``None`` (use the default)."""
    if not candidate:
        return None
    if not candidate.startswith("/") or candidate.startswith("//"):
        return None
    if not url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return None
    return candidate
