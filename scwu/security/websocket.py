"""The WebSocket Origin check, port included.

A browser sends ``Origin`` with every WebSocket handshake. We accept it when it names the
very site the handshake was sent to (scheme aside: host *and port* equal the ``Host``
header, whose host is one of ``ALLOWED_HOSTS``), or is one of
``DJANGO_CSRF_TRUSTED_ORIGINS``. Channels' own ``AllowedHostsOriginValidator`` compares the
host name only, so a page on another port of the same host passed.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}


def _headers(scope: dict[str, Any]) -> dict[bytes, bytes]:
    return {name.lower(): value for name, value in scope.get("headers", [])}


def _with_port(netloc: str, scheme: str) -> tuple[str, str]:
    host, port = split_domain_port(netloc.lower())
    return host, port or DEFAULT_PORTS.get(scheme, "")


def origin_allowed(origin: str, host_header: str, scheme: str) -> bool:
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    origin_host, origin_port = _with_port(parts.netloc, parts.scheme)
    # The Host header carries the port the client connected to (none: the scheme's default).
    request_scheme = "https" if scheme in ("https", "wss") else "http"
    host, port = _with_port(host_header, request_scheme)
    if not validate_host(host, settings.ALLOWED_HOSTS):
        return False
    if origin_host != host:
        return False
    return origin_port == port or origin_port == DEFAULT_PORTS.get(parts.scheme) == port


class SameOriginValidator:
    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await self.application(scope, receive, send)
        headers = _headers(scope)
        origin = headers.get(b"origin", b"").decode("latin1")
        host = headers.get(b"host", b"").decode("latin1")
        if origin and host and origin_allowed(origin, host, scope.get("scheme", "ws")):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
