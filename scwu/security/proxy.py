"""Behind a reverse proxy: which client address and scheme to believe.

``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed only when the request comes
from one of ``SCWU_TRUSTED_PROXIES`` (addresses or networks, comma-separated); from anyone
else they are dropped, so a client cannot claim https or somebody else's address.

The production topology trusts its own nginx without being told (``deploy/Procfile``).
A forwarded header from a peer not trusted is logged as a warning (once per peer and
quarter of an hour) and remembered in the shared cache, where ``manage.py check --deploy``
finds it (``scwu/security/checks.py``): a proxy in front that is not listed would otherwise
make every client one address, and one stranger's failed sign-ins lock out everyone.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

logger = logging.getLogger(__name__)

#: The cache key ``check --deploy`` reads: the last untrusted peer that sent a proxy header.
UNTRUSTED_SEEN_KEY = "proxy:untrusted-forwarded"
UNTRUSTED_SEEN_FOR = 7 * 86400
#: One warning per peer this often, so a busy misconfigured proxy does not flood the log.
UNTRUSTED_WARN_EVERY = 15 * 60

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(item, strict=False) for item in proxies)


def is_trusted_proxy(address: str, proxies: Iterable[str] | None = None) -> bool:
    chosen = tuple(settings.SCWU_TRUSTED_PROXIES if proxies is None else proxies)
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in _networks(chosen))


def client_address(request: HttpRequest) -> str:
    """The client's address: the right-most ``X-Forwarded-For`` hop that is not one of our
    proxies, when the request came through one; else the socket's peer address."""
    return _forwarded_client(
        str(request.META.get("REMOTE_ADDR") or ""),
        str(request.META.get("HTTP_X_FORWARDED_FOR", "")),
    )


def scope_address(scope: Mapping[str, Any]) -> str:
    """:func:`client_address` of an ASGI scope (a WebSocket's handshake)."""
    client = scope.get("client") or ("", 0)
    headers = {name.lower(): value for name, value in scope.get("headers", [])}
    forwarded = headers.get(b"x-forwarded-for", b"").decode("latin1")
    return _forwarded_client(str(client[0] or ""), forwarded)


def _forwarded_client(remote: str, forwarded_for: str) -> str:
    if not is_trusted_proxy(remote):
        return remote
    hops = [h.strip() for h in forwarded_for.split(",")]
    for hop in reversed([h for h in hops if h]):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return remote
        if not is_trusted_proxy(hop):
            return hop
    return remote


class TrustedProxyMiddleware:
    """First in the chain: forwarded headers from an untrusted peer are removed."""

    HEADERS = ("HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_HOST")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        peer = str(request.META.get("REMOTE_ADDR") or "")
        if not is_trusted_proxy(peer):
            dropped = [header for header in self.HEADERS if request.META.pop(header, None)]
            if dropped:
                untrusted_forwarded_seen(peer, dropped)
        return self.get_response(request)


def untrusted_forwarded_seen(peer: str, headers: list[str]) -> None:
    if not cache.add(f"proxy:warned:{peer}", 1, timeout=UNTRUSTED_WARN_EVERY):
        return
    names = ", ".join(h.removeprefix("HTTP_").replace("_", "-").title() for h in headers)
    logger.warning(
        "%s came from %s, which is not in SCWU_TRUSTED_PROXIES: ignored. If %s is your "
        "reverse proxy, list it, or every client counts as that one address.",
        names,
        peer,
        peer,
    )
    cache.set(
        UNTRUSTED_SEEN_KEY,
        {"peer": peer, "headers": names, "at": time.time()},
        timeout=UNTRUSTED_SEEN_FOR,
    )


def untrusted_forwarded_last() -> dict[str, object] | None:
    """The last untrusted peer that sent a forwarded header (within a week), if any."""
    seen = cache.get(UNTRUSTED_SEEN_KEY)
    return seen if isinstance(seen, dict) else None
