"""The production channel layer (``scwu.serving.channel_layers``) on the run's real Redis holds
the traffic of a WebSocket process serving hundreds of online tables: nothing is dropped when
more frames wait for the process than channels_redis lets wait by default, and a burst of
sends does not run out of connections."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from channels_redis.core import RedisChannelLayer

from scwu.serving import channel_layers

pytestmark = pytest.mark.integration

#: More than the defaults allow: 100 waiting messages (channels_redis), 100 connections (redis-py).
BURST = 300


def _layer() -> RedisChannelLayer:
    config = channel_layers(os.environ["REDIS_URL"])["default"]["CONFIG"]
    # A prefix of its own: no other test's or server's messages share these keys.
    return RedisChannelLayer(**config, prefix=f"test-{uuid.uuid4().hex}")


async def _next(layer: RedisChannelLayer, channel: str) -> dict[str, Any]:
    # A dropped message fails the test instead of leaving it waiting.
    return await asyncio.wait_for(layer.receive(channel), timeout=10)


def _on_layer(scenario: Callable[[RedisChannelLayer], Awaitable[None]]) -> None:
    async def run() -> None:
        layer = _layer()
        try:
            await scenario(layer)
        finally:
            await layer.flush()
            await layer.close_pools()

    asyncio.run(run())


def test_frames_waiting_for_one_process_beyond_the_default_capacity_all_arrive() -> None:
    # Every consumer of a process reads one Redis inbox; the tables' frames queue there while
    # the process is busy. With the default capacity the 101st was dropped without an error.
    async def scenario(layer: RedisChannelLayer) -> None:
        channels = [await layer.new_channel() for _ in range(3)]
        for index, channel in enumerate(channels):
            await layer.group_add(f"table-{index}", channel)
        for n in range(BURST):
            await layer.group_send(f"table-{n % 3}", {"type": "table.state", "n": n})
        received = [
            [(await _next(layer, channel))["n"] for _ in range(BURST // 3)] for channel in channels
        ]
        assert received == [list(range(index, BURST, 3)) for index in range(3)]

    _on_layer(scenario)


def test_a_burst_of_sends_from_one_process_finds_a_connection_for_each() -> None:
    # redis-py 8 caps a pool at 100 connections and raises at the next one instead of waiting.
    async def scenario(layer: RedisChannelLayer) -> None:
        channel = await layer.new_channel()
        await layer.group_add("table", channel)
        await asyncio.gather(
            *(layer.group_send("table", {"type": "table.state", "n": n}) for n in range(BURST))
        )
        received = sorted([(await _next(layer, channel))["n"] for _ in range(BURST)])
        assert received == list(range(BURST))

    _on_layer(scenario)
