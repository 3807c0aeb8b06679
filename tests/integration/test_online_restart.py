"""A server restart loses nothing: play to the middle of a deal through a real Daphne
process, kill it, start it again, reconnect, and the game continues identically."""

from __future__ import annotations

import asyncio
import json
import signal
from typing import Any

import pytest

from games.online import services
from games.online.models import BotLevel, OnlineGame
from tests.factories import PlayingWordFactory, UserFactory
from tests.integration.servers import cookie_of, free_port, my_move, settled_state, stop
from tests.integration.servers import start_daphne as start_server

pytestmark = pytest.mark.integration


async def session(port: int, game_id: int, cookie: str, moves: int) -> dict[str, Any]:
    """Connect, resync, make ``moves`` moves; return the last settled state."""
    import websockets

    headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/ws/online/{game_id}/", additional_headers=headers
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "version": None}))
        state = await settled_state(ws)
        for _ in range(moves):
            move = my_move(state)
            assert move is not None
            await ws.send(
                json.dumps({"type": "action", "version": state["version"], "action": move})
            )
            state = await settled_state(ws)
        return state


@pytest.mark.django_db(transaction=True)
def test_the_game_continues_identically_after_a_restart() -> None:
    human = UserFactory(username="restart-human")
    word = PlayingWordFactory(letters="KOCKA", label="KOCKA", status="approved")
    game = services.online_practice_create(
        # Easy bots never pack, so the first deal is still being played after a few moves.
        by=human,
        word=word,
        bots=3,
        bot_level=BotLevel.EASY,
        seconds_per_action=600,
    )
    cookie = cookie_of(human)

    port = free_port()
    server = start_server(port)
    try:
        # The pass and three cards: the middle of the first deal.
        before = asyncio.run(session(port, game.pk, cookie, moves=4))
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    # Mid-game (a deal may end early at 17 points, so the phase is not fixed).
    assert before["version"] > 0 and not before["game"]["finished"]
    stored = OnlineGame.objects.get(pk=game.pk)
    assert stored.version == before["version"]

    server = start_server(port)
    try:
        again = asyncio.run(session(port, game.pk, cookie, moves=0))
        after = asyncio.run(session(port, game.pk, cookie, moves=1))
    finally:
        stop(server)
    assert again["version"] == before["version"]
    assert again["view"] == before["view"]
    assert again["game"] == before["game"]
    assert after["version"] > before["version"]  # and the game goes on
    assert OnlineGame.objects.get(pk=game.pk).version == after["version"]
