"""Real ASGI servers (Daphne, uvicorn) and a WebSocket player for the integration tests.

Each server runs in a process of its own on the test database that pytest-django created
and on the ``REDIS_URL`` of the run, as in production.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import dj_database_url
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

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


def wait_listening(port: int, server: subprocess.Popen[bytes], what: str) -> None:
    end = time.monotonic() + 30
    while time.monotonic() < end:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        if server.poll() is not None:
            break
        time.sleep(0.1)
    server.kill()
    raise AssertionError(f"{what} did not start on port {port}")


def start_daphne(port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "-v", "0",
         "scwu.config.asgi:application"],
        cwd=ROOT,
        env=server_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    wait_listening(port, server, "daphne")
    return server


def start_uvicorn(port: int, log: Path) -> subprocess.Popen[bytes]:
    """The production WebSocket server (``deploy/Procfile``), one process; its log (each
    accepted WebSocket included) goes to ``log``."""
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "--host", "127.0.0.1", "--port", str(port),
             "--lifespan", "off", "--no-access-log", "--log-level", "info",
             "--timeout-graceful-shutdown", "4", "scwu.config.asgi:application"],
            cwd=ROOT,
            # As the Procfile runs it: a connection pool, so actions run side by side.
            env={**server_env(), "DATABASE_POOL_SIZE": "8", "DATABASE_CONN_MAX_AGE": "0"},
            stdout=out,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
    wait_listening(port, server, "uvicorn")
    return server


def stop(server: subprocess.Popen[bytes]) -> int:
    """SIGTERM, as a process manager stops it; returns the exit code (killed if it hangs)."""
    server.terminate()
    try:
        return server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)
        raise AssertionError("the server ignored SIGTERM") from None


def cookie_of(user: User) -> str:
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}"


def my_move(frame: dict[str, Any]) -> dict[str, Any] | None:
    """The move of this connection's seat in ``frame``, if it is to move."""
    view, me = frame["view"], frame["you"]
    if view["must_pass"]:
        return {"type": "pass", "cards": view["hand"][:3]}
    if view["phase"] == "play" and view["turn"] == me:
        return {"type": "play", "card": view["legal_cards"][0]}
    return None


async def settled_state(ws: Any, *, first_wait: float = 10) -> dict[str, Any]:
    """The newest state once the server stops sending (a change comes as several frames)."""
    latest: dict[str, Any] | None = None
    while True:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=0.5 if latest else first_wait)
        except TimeoutError:
            assert latest is not None, "no state frame arrived"
            return latest
        frame = json.loads(raw)
        assert frame["type"] != "error", frame
        if frame["type"] == "state" and (latest is None or frame["version"] >= latest["version"]):
            latest = frame
