"""Spectators' WebSockets are counted across processes: two real Daphne processes on the
shared Redis cache refuse the connection past a table's limit and past an address's limit,
whichever process it reaches."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from games.online import services
from games.online.consumers import CLOSE_TOO_MANY
from tests.factories import PlayingWordFactory, UserFactory
from tests.integration.servers import free_port, start_daphne, stop

pytestmark = pytest.mark.integration


async def _watch(port: int, game_id: int) -> tuple[Any, str]:
    """A spectator's connection and its first frame's type (``chat_log`` when kept)."""
    import websockets

    ws = await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/online/{game_id}/",
        additional_headers={"Origin": f"http://127.0.0.1:{port}"},
    )
    frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
    if frame["type"] == "error":
        assert frame["code"] == "too_many_connections", frame
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_TOO_MANY
    return ws, frame["type"]


@pytest.mark.django_db(transaction=True)
def test_spectator_limits_hold_across_two_websocket_processes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SCWU_WS_PER_TABLE", "2")  # the servers' environment
    monkeypatch.setenv("SCWU_WS_PER_ADDRESS", "3")
    word = PlayingWordFactory(letters="KOCKA", label="KOCKA", status="approved")
    first, second = (
        services.online_practice_create(by=UserFactory(), word=word, bots=0) for _ in range(2)
    )
    one, two = free_port(), free_port()
    servers = [start_daphne(one), start_daphne(two)]

    async def scenario() -> list[str]:
        seen: list[str] = []
        sockets = []
        for port, game in ((one, first), (two, first), (one, first), (two, second), (one, second)):
            ws, kind = await _watch(port, game.pk)
            sockets.append(ws)
            seen.append(kind)
        for ws in sockets:
            await ws.close()
        return seen

    try:
        seen = asyncio.run(scenario())
    finally:
        for server in servers:
            stop(server)
    # The table holds two wherever they connect; the address (all 127.0.0.1) holds three.
    assert seen == ["chat_log", "chat_log", "error", "chat_log", "error"]
