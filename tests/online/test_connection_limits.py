"""Spectators' WebSockets are limited per table and per client address (on the shared
cache, so every process counts alike); seated players are never refused; a slot whose
process died frees itself."""

from __future__ import annotations

import time
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import override_settings

from games.online import slots
from games.online.consumers import CLOSE_TOO_MANY
from games.online.models import OnlineGame
from scwu.config.asgi import application
from tests.online.conftest import (  # noqa: F401
    _cookie,
    human,
    practice_of_four,
    run,
    word,
    ws_connect,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def _open(game: OnlineGame, address: str, user: User | None = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    cookie = await _cookie(user)
    if cookie:
        headers.append((b"cookie", cookie))
    comm = WebsocketCommunicator(application, f"/ws/online/{game.pk}/", headers=headers)
    comm.scope["client"] = (address, 50000)  # as the server gives the peer's address
    connected, _code = await comm.connect()
    assert connected  # accepted first, then kept or closed with the reason
    return comm


async def _refused(comm: WebsocketCommunicator) -> bool:
    """Whether the connection was told it has no place, and closed with 4429."""
    frame = await comm.receive_json_from(timeout=3)
    if frame["type"] != "error":
        return False
    assert frame["code"] == "too_many_connections"
    assert "as many spectators as it may" in frame["message"]
    closed = await comm.receive_output(timeout=3)
    return closed == {"type": "websocket.close", "code": CLOSE_TOO_MANY}


async def _kept(comm: WebsocketCommunicator) -> bool:
    return (await comm.receive_json_from(timeout=3))["type"] == "chat_log"


@pytest.fixture
def four(human: User, word: Any) -> tuple[OnlineGame, dict[str, User]]:  # noqa: F811
    return practice_of_four(human, word)


@override_settings(SCWU_WS_PER_TABLE=3, SCWU_WS_PER_ADDRESS=100)
def test_spectator_websockets_per_table_are_capped_but_seated_players_always_connect(
    four: tuple[OnlineGame, dict[str, User]],
) -> None:
    game, users = four

    async def scenario() -> None:
        watchers = [await _open(game, f"198.51.100.{n}") for n in range(3)]
        assert [await _kept(w) for w in watchers] == [True] * 3
        assert await _refused(await _open(game, "198.51.100.50"))
        # The four players still reach their seats (none of them takes a spectator's place).
        seated = [await _open(game, "198.51.100.60", users[s]) for s in "ABCD"]
        assert [await _kept(p) for p in seated] == [True] * 4
        await watchers[0].disconnect()  # a place frees up at once
        again = await _open(game, "198.51.100.51")
        assert await _kept(again)
        assert await _refused(await _open(game, "198.51.100.52"))
        for comm in [*watchers[1:], *seated, again]:
            await comm.disconnect()

    run(scenario)


@override_settings(SCWU_WS_PER_TABLE=100, SCWU_WS_PER_ADDRESS=2)
def test_websockets_per_address_are_capped_over_all_tables(
    four: tuple[OnlineGame, dict[str, User]],
    word: Any,  # noqa: F811
) -> None:
    game, _users = four
    other, _ = practice_of_four(User.objects.create_user("second-table"), word)

    async def scenario() -> None:
        first = await _open(game, "203.0.113.7")
        second = await _open(other, "203.0.113.7")
        assert await _kept(first) and await _kept(second)
        assert await _refused(await _open(game, "203.0.113.7"))
        assert await _refused(await _open(other, "203.0.113.7"))
        neighbour = await _open(game, "203.0.113.8")  # another address is not affected
        assert await _kept(neighbour)
        for comm in (first, second, neighbour):
            await comm.disconnect()

    run(scenario)


@override_settings(SCWU_WS_PER_TABLE=1, SCWU_WS_PER_ADDRESS=1)
def test_a_dead_processs_spectator_slots_expire_and_live_ones_are_refreshed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(slots, "SLOT_SECONDS", 1)
    held = slots.slots_take(game_id=987654, address="192.0.2.1", token="live")
    assert held is not None
    assert slots.slots_take(game_id=987654, address="192.0.2.9", token="other") is None
    slots.slots_refresh()  # this process's heartbeat keeps its slots alive
    time.sleep(0.6)
    slots.slots_refresh()
    time.sleep(0.6)
    assert slots.slots_take(game_id=987654, address="192.0.2.9", token="other") is None
    # The process dies: nobody refreshes or releases, and the places free themselves.
    with slots._lock:
        slots._held.clear()
    time.sleep(1.2)
    taken = slots.slots_take(game_id=987654, address="192.0.2.1", token="next")
    assert taken is not None
    slots.slots_release(taken)
