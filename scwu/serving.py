"""Settings of the serving topology (channel layer, database pool), kept apart from
``scwu/config/settings.py`` so the production choices and their reasons sit in one place.

The production topology itself (nginx, gunicorn, uvicorn, Celery, honcho) is in ``deploy/``
and the README's Production section.
"""

from __future__ import annotations

from typing import Any

from channels_redis.core import RedisChannelLayer

#: Seconds a channel-layer Redis read may wait. channels_redis receives with a blocking pop
#: of ``RedisChannelLayer.brpop_timeout`` (5 s) seconds; redis-py 8 made 5 s the default
#: socket timeout, so an idle WebSocket's pop timed out on the socket first and the server
#: closed it with 1011 after about 5 s. Longer than the pop, still finite so a Redis that
#: vanished without a FIN is noticed.
LAYER_SOCKET_TIMEOUT = RedisChannelLayer.brpop_timeout + 10
#: Seconds to open a channel-layer connection: a Redis that is down pauses the table quickly.
LAYER_CONNECT_TIMEOUT = 2
#: Connections one process's layer may hold at once. redis-py 8 caps an asyncio pool at 100 and
#: raises at the 101st instead of waiting: a WebSocket process serving 500 online tables had
#: more sends in flight than that, and the tables that drew the error closed with 1011. Each
#: in-flight send or group change holds one connection for a round trip, so the ceiling is
#: a few times the tables a process serves, far below Redis' own 10,000 clients.
LAYER_MAX_CONNECTIONS = 2000
#: Messages that may wait for one process. channels_redis keeps every message for the
#: consumers of a process in one Redis inbox and caps each inbox at ``capacity`` (100 by
#: default): past that, a group send drops the message with no error. With 400 online tables
#: in one WebSocket process a burst of moves queued more than 100 frames, and the tables whose
#: frame was dropped never saw the move. Messages still expire after a minute.
LAYER_CAPACITY = 5000


def channel_layers(redis_url: str) -> dict[str, Any]:
    """``CHANNEL_LAYERS``: Redis when ``redis_url`` is set, else in memory (one process)."""
    if not redis_url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    return {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": redis_url,
                        "socket_timeout": LAYER_SOCKET_TIMEOUT,
                        "socket_connect_timeout": LAYER_CONNECT_TIMEOUT,
                        "socket_keepalive": True,
                        "max_connections": LAYER_MAX_CONNECTIONS,
                    }
                ],
                "capacity": LAYER_CAPACITY,
            },
        }
    }
