"""Behind a reverse proxy: which client address and scheme to believe.

``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed only when the request comes
from one of ``SCWU_TRUSTED_PROXIES`` (addresses or networks, comma-separated); from anyone
else they are dropped, so a client cannot claim https or somebody else's address.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

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
        if not is_trusted_proxy(str(request.META.get("REMOTE_ADDR") or "")):
            for header in self.HEADERS:
                request.META.pop(header, None)
        return self.get_response(request)
