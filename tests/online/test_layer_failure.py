"""When the channel layer's receive fails (Redis gone or timed out) the server closes the
socket without a ``websocket.disconnect``; the consumer still leaves the table, so the seat
does not stay shown as connected."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer
from django.contrib.auth.models import User

from games.online import services
from games.online.models import OnlineSeat
from tests.online.conftest import run, ws_connect


def test_a_failing_layer_receive_still_runs_the_disconnect_handler(
    word: Any, human: User, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    # The failure is injected into the in-memory layer, also where REDIS_URL selects Redis.
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    game = services.online_practice_create(by=human, word=word, bots=3)
    fail = asyncio.Event()
    receive = InMemoryChannelLayer.receive

    async def failing_receive(self: InMemoryChannelLayer, channel: str) -> Any:
        waiting = asyncio.ensure_future(receive(self, channel))
        failing = asyncio.ensure_future(fail.wait())
        done, _pending = await asyncio.wait({waiting, failing}, return_when="FIRST_COMPLETED")
        if failing in done:
            waiting.cancel()
            raise ConnectionError("the channel layer went away")
        failing.cancel()
        return waiting.result()

    monkeypatch.setattr(InMemoryChannelLayer, "receive", failing_receive)

    def connected() -> bool:
        return OnlineSeat.objects.get(game=game, seat="A").connected

    async def scenario() -> tuple[bool, bool]:
        ws = await ws_connect(game, human)
        before = await database_sync_to_async(connected)()
        fail.set()
        with pytest.raises(ConnectionError):
            await ws.comm.wait(timeout=5)  # the application ends with the layer's error
        return before, await database_sync_to_async(connected)()

    before, after = run(scenario)
    assert before is True
    assert after is False
