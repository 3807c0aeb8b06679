"""Fixtures of the online table tests: WebSocket clients through the real ASGI application
(session cookie, origin check, auth middleware), run from sync tests with ``async_to_sync``.

Consumers reach the database through ``database_sync_to_async``, which closes connections
inside a test's transaction, so these tests use the transactional database."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from games.online import replay
from games.online.models import OnlineGame
from scwu.config.asgi import application
from tests.factories import PlayingWordFactory, UserFactory

T = TypeVar("T")


def run(coro_fn: Callable[..., Awaitable[T]], *args: Any, **kwargs: Any) -> T:
    return async_to_sync(coro_fn)(*args, **kwargs)


@pytest.fixture(autouse=True)
def _no_clock_runner(settings: Any) -> Iterator[None]:
    """Tests drive the clock themselves (``clock_tick``); no background task per loop."""
    settings.ONLINE_CLOCK_TICK = 0
    replay.cache_clear()
    yield
    replay.cache_clear()


def session_cookie(user: User | None) -> bytes:
    if user is None:
        return b""
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}".encode()


@dataclass
class Ws:
    """One WebSocket client of a table with every frame it received."""

    comm: WebsocketCommunicator
    frames: list[dict[str, Any]] = field(default_factory=list)

    async def send(self, frame: object) -> None:
        await self.comm.send_to(text_data=json.dumps(frame))

    async def send_raw(self, text: str) -> None:
        await self.comm.send_to(text_data=text)

    async def recv(self, timeout: float = 3) -> dict[str, Any]:
        frame = await self.comm.receive_json_from(timeout=timeout)
        self.frames.append(frame)
        return frame

    async def drain(self, timeout: float = 0.2) -> list[dict[str, Any]]:
        """Every frame that arrives until the line is quiet."""
        got: list[dict[str, Any]] = []
        while not await self.comm.receive_nothing(timeout=timeout):
            got.append(await self.recv())
        return got

    async def until(self, kind: str, timeout: float = 3) -> dict[str, Any]:
        """The next frame of ``kind``; an error frame on the way fails the test."""
        while True:
            frame = await self.recv(timeout)
            if frame["type"] == kind:
                return frame
            assert frame["type"] != "error", frame

    async def state(self) -> dict[str, Any]:
        """Ask for a full state (hello) and return it."""
        await self.send({"type": "hello", "version": None})
        return await self.until("state")

    async def close(self) -> None:
        await self.comm.disconnect()


async def ws_connect(game: OnlineGame | int, user: User | None) -> Ws:
    game_id = game if isinstance(game, int) else game.pk
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    cookie = await _cookie(user)
    if cookie:
        headers.append((b"cookie", cookie))
    comm = WebsocketCommunicator(application, f"/ws/online/{game_id}/", headers=headers)
    connected, _code = await comm.connect()
    assert connected
    ws = Ws(comm)
    log = await ws.until("chat_log")
    assert log["messages"] is not None
    return ws


async def _cookie(user: User | None) -> bytes:
    from channels.db import database_sync_to_async

    return await database_sync_to_async(session_cookie)(user)


@pytest.fixture
def word(transactional_db: None) -> Any:
    return PlayingWordFactory(letters="KOS", label="KOS", status="approved")


@pytest.fixture
def human(transactional_db: None) -> User:
    return UserFactory(username="lumir")


@dataclass
class OnlineTournament:
    """A published round with one online table of four players who have user accounts."""

    table: Any
    director: User
    players: dict[str, User]


def make_online_tournament(*, word: str = "KOS", allow_bots: bool = False) -> OnlineTournament:
    from tests.games.conftest import make_round, make_table, make_tournament
    from tournaments.models import TableKind

    director = UserFactory(roles=["director"])
    tournament = make_tournament(allow_bots=allow_bots)
    tournament.directors.add(director)
    round_ = make_round(tournament, word=word)
    table = make_table(round_, seats=4)
    table.kind = TableKind.ONLINE
    table.save(update_fields=["kind"])
    players: dict[str, User] = {}
    for seat in table.seats.select_related("entry__player"):
        user = UserFactory()
        seat.entry.player.user = user
        seat.entry.player.save()
        players[seat.position] = user
    return OnlineTournament(table, director, players)


@pytest.fixture
def online_tournament(transactional_db: None) -> OnlineTournament:
    return make_online_tournament()


def practice_of_four(creator: User, word: Any) -> tuple[OnlineGame, dict[str, User]]:
    """A practice game of four humans: the creator at A, three more joining."""
    from games.online import services

    game = services.online_practice_create(by=creator, word=word, bots=0)
    users = {"A": creator}
    for seat in "BCD":
        users[seat] = UserFactory(username=f"joiner-{seat.lower()}-{game.pk}")
        services.online_join(by=users[seat], game_id=game.pk)
    game.refresh_from_db()
    return game, users
