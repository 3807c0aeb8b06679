"""WebSocket routes of the online tables (filled in by the online tables work)."""

from __future__ import annotations

from typing import Any

websocket_urlpatterns: list[Any] = []
