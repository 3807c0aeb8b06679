"""Finding 9: WebSockets. A NUL in a chat message is refused with an error frame and the
socket stays open; closing one of two tabs of one seat leaves the seat connected; the Origin
check compares the port too."""

from __future__ import annotations

from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User

from games.online.models import OnlineChat, OnlineGame, OnlineSeat
from scwu.config.asgi import application
from scwu.security.websocket import origin_allowed
from tests.online.conftest import human, practice_of_four, run, word, ws_connect  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def four(human: User, word: Any) -> tuple[OnlineGame, dict[str, User]]:  # noqa: F811
    return practice_of_four(human, word)


def test_finding_09_nul_in_chat_is_refused_and_the_socket_stays_open(
    four: tuple[OnlineGame, dict[str, User]],
) -> None:
    game, users = four

    async def scenario() -> None:
        a = await ws_connect(game, users["A"])
        await a.send({"type": "chat", "text": "ah\u0000oj"})
        assert (await a.until("error"))["code"] == "malformed"
        await a.send({"type": "ping"})
        assert (await a.until("pong")) == {"type": "pong"}
        await a.close()

    run(scenario)
    assert not OnlineChat.objects.exists()


def test_finding_09_closing_one_of_two_tabs_keeps_the_seat_connected(
    four: tuple[OnlineGame, dict[str, User]],
) -> None:
    game, users = four

    async def scenario() -> None:
        tab1 = await ws_connect(game, users["B"])
        tab2 = await ws_connect(game, users["B"])
        await tab1.close()
        await tab2.send({"type": "ping"})
        await tab2.until("pong")
        from channels.db import database_sync_to_async

        seat = await database_sync_to_async(OnlineSeat.objects.get)(game=game, seat="B")
        assert seat.connected and seat.connections == 1
        await tab2.close()

    run(scenario)
    seat = OnlineSeat.objects.get(game=game, seat="B")
    assert not seat.connected and seat.connections == 0


def test_finding_09_origin_check_includes_the_port(
    four: tuple[OnlineGame, dict[str, User]],
) -> None:
    game, _users = four
    assert origin_allowed("http://testserver", "testserver", "ws")
    assert origin_allowed("https://testserver", "testserver", "wss")
    assert origin_allowed("http://testserver:8000", "testserver:8000", "ws")
    assert not origin_allowed("http://testserver:8001", "testserver:8000", "ws")
    assert not origin_allowed("http://testserver:8080", "testserver", "ws")
    assert not origin_allowed("http://evil.example", "testserver", "ws")

    async def scenario() -> bool:
        headers = [(b"origin", b"http://testserver:9999"), (b"host", b"testserver")]
        comm = WebsocketCommunicator(application, f"/ws/online/{game.pk}/", headers=headers)
        connected, _code = await comm.connect()
        return bool(connected)

    assert run(scenario) is False
