"""A server restart loses nothing: play to the middle of a deal through a real Daphne
process, kill it, start it again, reconnect, and the game continues identically."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import dj_database_url
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from games.online import services
from games.online.models import OnlineGame
from tests.factories import PlayingWordFactory, UserFactory

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_env() -> dict[str, str]:
    """The environment of a server on the test database pytest-django created."""
    env = dict(os.environ)
    config = dj_database_url.parse(env["DATABASE_URL"])
    config["NAME"] = connection.settings_dict["NAME"]
    user, password = config.get("USER") or "", config.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else f"{user}@" if user else ""
    env["DATABASE_URL"] = (
        f"postgres://{auth}{config['HOST'] or '127.0.0.1'}:{config['PORT'] or 5432}/"
        f"{config['NAME']}"
    )
    env["PYTHONPATH"] = str(ROOT)
    return env


def start_server(port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "-v", "0",
         "scwu.asgi:application"],
        cwd=ROOT,
        env=server_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    end = time.monotonic() + 30
    while time.monotonic() < end:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return server
        time.sleep(0.1)
    server.kill()
    raise AssertionError("daphne did not start")


def cookie_of(user: User) -> str:
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}"


def my_move(frame: dict[str, Any]) -> dict[str, Any] | None:
    view, me = frame["view"], frame["you"]
    if view["must_pass"] and set(view["passed_seats"]) >= {s for s in "ABCD" if s != me}:
        return {"type": "pass", "cards": view["hand"][:3]}
    if view["phase"] == "play" and view["turn"] == me:
        return {"type": "play", "card": view["legal_cards"][0]}
    return None


async def settled_state(ws: Any) -> dict[str, Any]:
    """The newest state once the server stops sending (a change comes as several frames)."""
    latest: dict[str, Any] | None = None
    while True:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=0.5 if latest else 10)
        except TimeoutError:
            assert latest is not None
            return latest
        frame = json.loads(raw)
        assert frame["type"] != "error", frame
        if frame["type"] == "state" and (latest is None or frame["version"] >= latest["version"]):
            latest = frame


async def session(port: int, game_id: int, cookie: str, moves: int) -> dict[str, Any]:
    """Connect, resync, make ``moves`` moves; return the last settled state."""
    import websockets

    headers = {"Cookie": cookie, "Origin": "http://127.0.0.1"}
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
    game = services.online_practice_create(by=human, word=word, bots=3, seconds_per_action=600)
    cookie = cookie_of(human)

    port = free_port()
    server = start_server(port)
    try:
        # The pass and three cards: the middle of the first deal.
        before = asyncio.run(session(port, game.pk, cookie, moves=4))
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    assert before["view"]["phase"] == "play" and before["game"]["deal_number"] == 1
    assert 0 < len(before["view"]["hand"]) < 8
    stored = OnlineGame.objects.get(pk=game.pk)
    assert stored.version == before["version"]

    server = start_server(port)
    try:
        again = asyncio.run(session(port, game.pk, cookie, moves=0))
        after = asyncio.run(session(port, game.pk, cookie, moves=1))
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert again["version"] == before["version"]
    assert again["view"] == before["view"]
    assert again["game"] == before["game"]
    assert after["version"] > before["version"]  # and the game goes on
    assert OnlineGame.objects.get(pk=game.pk).version == after["version"]
