"""WebSocket routes of the online tables."""

from __future__ import annotations

from typing import Any

from django.urls import path

from games.online.consumers import TableConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/online/<int:game_id>/", TableConsumer.as_asgi()),
]
