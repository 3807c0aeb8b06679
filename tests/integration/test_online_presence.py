"""Presence recovers after a WebSocket process dies: a player connected through a real
Daphne process that is killed (SIGKILL: nothing closes) shows as disconnected once another
process has run for ``SCWU_PRESENCE_TTL`` seconds, in the database and in the frames."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from typing import Any

import pytest

from games.online import services
from games.online.models import BotLevel, OnlineSeat
from tests.factories import PlayingWordFactory, UserFactory
from tests.integration.servers import cookie_of, free_port, settled_state, start_daphne, stop

pytestmark = pytest.mark.integration

TTL = 2


def _seats(frame: dict[str, Any]) -> dict[str, bool]:
    return {seat["seat"]: seat["connected"] for seat in frame["seats"]}


async def _connect(port: int, game_id: int, cookie: str = "") -> Any:
    import websockets

    headers = {"Origin": f"http://127.0.0.1:{port}", **({"Cookie": cookie} if cookie else {})}
    return await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/online/{game_id}/", additional_headers=headers
    )


async def _until_gone(port: int, game_id: int, seconds: float) -> dict[str, bool]:
    """A spectator's view of the seats once seat A shows as gone (or after ``seconds``)."""
    ws = await _connect(port, game_id)
    try:
        await ws.send(json.dumps({"type": "hello", "version": None}))
        seats = _seats(await settled_state(ws))
        end = time.monotonic() + seconds
        while seats["A"] and time.monotonic() < end:
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=0.5))
            except TimeoutError:
                continue
            if frame["type"] == "state":
                seats = _seats(frame)
        return seats
    finally:
        await ws.close()


@pytest.mark.django_db(transaction=True)
def test_seats_of_a_killed_websocket_process_show_disconnected_after_the_ttl(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SCWU_PRESENCE_TTL", str(TTL))  # the servers' environment
    human = UserFactory(username="presence-human")
    word = PlayingWordFactory(letters="KOCKA", label="KOCKA", status="approved")
    game = services.online_practice_create(
        by=human, word=word, bots=3, bot_level=BotLevel.EASY, seconds_per_action=600
    )
    cookie = cookie_of(human)
    port = free_port()

    async def play_then_die() -> dict[str, bool]:
        server = start_daphne(port)
        ws = await _connect(port, game.pk, cookie)
        try:
            await ws.send(json.dumps({"type": "hello", "version": None}))
            seats = _seats(await settled_state(ws))
        finally:
            server.send_signal(signal.SIGKILL)  # the process dies with the connection open
            server.wait(timeout=10)
        return seats

    assert asyncio.run(play_then_die())["A"] is True
    left = OnlineSeat.objects.get(game=game, seat="A")
    assert left.connected and left.connections == 1  # nobody closed it

    server = start_daphne(port)
    try:
        seats = asyncio.run(_until_gone(port, game.pk, seconds=TTL * 5))
    finally:
        stop(server)
    assert seats["A"] is False
    gone = OnlineSeat.objects.get(game=game, seat="A")
    assert not gone.connected and gone.connections == 0
