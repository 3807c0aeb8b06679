"""Idle online tables stay open on the Redis channel layer.

A real Daphne process on the run's Redis: a player and a spectator connect, say nothing for
longer than the layer's blocking pop and redis-py 8's default socket timeout (5 s each),
then play; the spectator sees every move. Closing the player's socket runs the consumer's
disconnect handler (the seat is shown as gone).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from games.online import services
from games.online.models import BotLevel, OnlineSeat
from tests.factories import PlayingWordFactory, UserFactory
from tests.integration.servers import (
    cookie_of,
    free_port,
    my_move,
    settled_state,
    start_daphne,
    stop,
)

pytestmark = pytest.mark.integration

IDLE_SECONDS = 12


def seat_connected(game_id: int, seat: str) -> bool:
    return OnlineSeat.objects.get(game_id=game_id, seat=seat).connected


def seat_connected_in_thread(game_id: int, seat: str) -> bool:
    try:
        return seat_connected(game_id, seat)
    finally:
        connection.close()  # the thread's own connection


async def idle_then_play(port: int, game_id: int, cookie: str) -> tuple[dict[str, Any], int]:
    """Returns the player's last state and the spectator's last version."""
    import websockets

    url = f"ws://127.0.0.1:{port}/ws/online/{game_id}/"
    origin = f"http://127.0.0.1:{port}"  # a browser sends the port: the Origin check compares it
    async with (
        websockets.connect(url, additional_headers={"Cookie": cookie, "Origin": origin}) as me,
        websockets.connect(url, additional_headers={"Origin": origin}) as watcher,
    ):
        for ws in (me, watcher):
            await ws.send(json.dumps({"type": "hello", "version": None}))
        state = await settled_state(me)
        seen = (await settled_state(watcher))["version"]
        assert await asyncio.to_thread(seat_connected_in_thread, game_id, "A")

        # Nothing to say for longer than the layer's pop and redis-py's socket timeout.
        for ws in (me, watcher):
            with pytest.raises(TimeoutError):
                frame = await asyncio.wait_for(ws.recv(), timeout=IDLE_SECONDS / 2)
                pytest.fail(f"unexpected frame while idle: {frame!r}")
        await me.send(json.dumps({"type": "ping"}))
        assert json.loads(await asyncio.wait_for(me.recv(), timeout=5)) == {"type": "pong"}

        for _ in range(4):  # the pass and three cards
            move = my_move(state)
            assert move is not None, state
            await me.send(
                json.dumps({"type": "action", "version": state["version"], "action": move})
            )
            state = await settled_state(me)
        seen = max(seen, (await settled_state(watcher))["version"])
        await me.close()
        return state, seen


@pytest.mark.django_db(transaction=True)
def test_idle_sockets_stay_open_then_play_and_disconnect_runs() -> None:
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    human = UserFactory(username="idle-human")
    word = PlayingWordFactory(letters="KOCKA", label="KOCKA", status="approved")
    game = services.online_practice_create(
        # Easy bots never pack, so the first deal is still being played after a few moves.
        by=human,
        word=word,
        bots=3,
        bot_level=BotLevel.EASY,
        seconds_per_action=600,
    )

    port = free_port()
    server = start_daphne(port)
    try:
        started = time.monotonic()
        state, spectator_version = asyncio.run(idle_then_play(port, game.pk, cookie_of(human)))
        assert time.monotonic() - started > IDLE_SECONDS
        assert state["version"] > 0 and not state["game"]["finished"]  # played on after idling
        assert spectator_version == state["version"]  # the spectator saw the last move
        # The player's socket closed: its disconnect handler marks the seat as gone.
        deadline = time.monotonic() + 10
        while seat_connected(game.pk, "A") and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not seat_connected(game.pk, "A")
    finally:
        stop(server)
