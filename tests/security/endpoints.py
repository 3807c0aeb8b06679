"""Every write endpoint of the site, found by walking the URL conf (not listed by hand), so an
endpoint added later is covered, or flagged until its policy is declared.

* API: a DRF view whose class (or viewset action map) offers POST, PUT, PATCH or DELETE.
* Pages: a plain view whose source reads ``request.POST`` or is decorated ``require_POST``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

WRITE_METHODS = ("post", "put", "patch", "delete")
# Django's own machinery and documentation, not the federation's endpoints.
SKIPPED_PREFIXES = ("admin/", "i18n/", "^media/", "api/schema/", "api/docs/", "api/redoc/")


@dataclass(frozen=True)
class Endpoint:
    name: str  # namespaced URL name, e.g. "games-api:deal-record"
    route: str
    method: str  # lower case
    is_api: bool
    #: authenticates nobody (no session, so no CSRF to check): may only be open to everyone
    sessionless: bool = False


def _walk(
    patterns: list[Any], prefix: str = "", namespace: str = ""
) -> Iterator[tuple[str, str, Callable[..., Any]]]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            ns = ":".join(n for n in (namespace, pattern.namespace or "") if n)
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern), ns)
        elif isinstance(pattern, URLPattern):
            name = f"{namespace}:{pattern.name}" if namespace else str(pattern.name)
            yield prefix + str(pattern.pattern), name, pattern.callback


def _reads_post(callback: Callable[..., Any]) -> bool:
    source = inspect.getsource(inspect.unwrap(callback))
    return "request.POST" in source or "require_POST" in source or '"POST"' in source


def write_endpoints() -> list[Endpoint]:
    found: dict[tuple[str, str], Endpoint] = {}
    for route, name, callback in _walk(get_resolver().url_patterns):
        if route.startswith(SKIPPED_PREFIXES):
            continue
        actions = getattr(callback, "actions", None)
        view_class = getattr(callback, "cls", None)
        if actions:
            methods = [m for m in actions if m in WRITE_METHODS]
        elif view_class is not None:
            methods = [m for m in WRITE_METHODS if hasattr(view_class, m)]
        elif getattr(callback, "view_class", None) is not None:
            continue  # Django's class-based auth views: login and logout, tested on their own
        else:
            methods = ["post"] if _reads_post(callback) else []
        for method in methods:
            # Format-suffix duplicates of a route share its name: one cell is enough.
            sessionless = (
                not view_class.authentication_classes
                if view_class is not None
                else bool(getattr(callback, "sessionless", False))
            )
            found.setdefault(
                (name, method),
                Endpoint(name, route, method, view_class is not None, sessionless),
            )
    return sorted(found.values(), key=lambda e: (e.name, e.method))
