"""One game across two WebSocket server processes behind nginx, on the Redis channel layer.

The production front (``scwu.topology``: nginx rendered from ``deploy/nginx.conf.template``)
balances four players over two uvicorn processes; they play a whole game. Seat D sleeps at
first: its clock runs out once (grace), then once more (the practice game pauses for it, no
bot takes the seat), although both processes run a clock runner; then it plays on. At the
end both processes stop gracefully on SIGTERM, closing the sockets still open with 1012
(service restart).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import json
import signal
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.utils import timezone

from games.online import services
from games.online.models import OnlineGame, OnlineSeat
from games.online.throttle import BURST, RATE, TokenBucket
from scwu.topology import Front, nginx_command, nginx_write
from tests.factories import PlayingWordFactory, UserFactory
from tests.integration.servers import (
    cookie_of,
    free_port,
    my_move,
    start_uvicorn,
    stop,
    wait_listening,
)

pytestmark = pytest.mark.integration

SLEEPY = "D"


def origin_of(url: str) -> str:
    """The Origin a page served from the same place sends: scheme, host and port."""
    parts = urlsplit(url)
    return f"http://{parts.netloc}"


async def player(url: str, cookie: str, seat: str) -> list[dict[str, Any]]:
    """Plays ``seat`` (or, for the sleepy seat, only watches) until the game is over, from
    the first frame that shows all four players connected; returns every frame since."""
    import websockets

    frames: list[dict[str, Any]] = []
    headers = {"Cookie": cookie, "Origin": origin_of(url)}
    # A client keeps under the server's per-connection limit (with a margin for the clocks):
    # four programs move far faster than people, and the server throttles a flood.
    bucket = TokenBucket(rate=RATE * 0.8, burst=BURST // 2)

    async def send(message: dict[str, Any]) -> None:
        while not bucket.take():
            await asyncio.sleep(1 / RATE)
        await ws.send(json.dumps(message))

    async with websockets.connect(url, additional_headers=headers) as ws:
        await send({"type": "hello", "version": None})
        acted_on = -1
        asleep = seat == SLEEPY
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=60))
            if not frames and not (
                frame["type"] == "state" and all(s["connected"] for s in frame["seats"])
            ):
                continue  # an absent player's clock is not the clock under test
            frames.append(frame)
            if frame["type"] == "error":
                # Another seat moved first: the server sends the current state next.
                assert frame["code"] == "stale_version", frame
                continue
            if frame["type"] != "state":
                continue
            assert frame["you"] == seat
            if frame["game"]["finished"]:
                return frames
            # The sleepy seat lets its clock and grace run out once: a practice game then
            # pauses for it (no bot takes the seat), and it plays on from there.
            if frame["clock"]["waiting_for_director"] == seat:
                asleep = False
            move = None if asleep else my_move(frame)
            if move is not None and frame["version"] > acted_on:
                acted_on = frame["version"]
                await send({"type": "action", "version": frame["version"], "action": move})


async def whole_game(url: str, cookies: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    tasks = {}
    for seat in "ABCD":  # one after the other: nginx's round robin alternates the processes
        tasks[seat] = asyncio.ensure_future(player(url, cookies[seat], seat))
        await asyncio.sleep(0.3)
    return dict(zip(tasks, await asyncio.gather(*tasks.values()), strict=True))


async def watchers(url: str, count: int) -> list[Any]:
    """``count`` spectator sockets, each past its first state frame."""
    import websockets

    sockets = []
    for _ in range(count):
        ws = await websockets.connect(url, additional_headers={"Origin": origin_of(url)})
        await ws.send(json.dumps({"type": "hello", "version": None}))
        await asyncio.wait_for(ws.recv(), timeout=10)
        sockets.append(ws)
    return sockets


async def close_code(ws: Any) -> int | None:
    import websockets

    with pytest.raises(websockets.ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), timeout=30)
    code: int | None = ws.close_code
    return code


def grace_starts(frames: list[dict[str, Any]]) -> int:
    states = [f for f in frames if f["type"] == "state"]
    return sum(
        1
        for before, after in itertools.pairwise(states)
        if after["clock"]["grace"] and not before["clock"]["grace"]
    )


def pauses(frames: list[dict[str, Any]], seat: str) -> int:
    def taken(frame: dict[str, Any]) -> bool:
        return bool(frame["clock"]["waiting_for_director"] == seat)

    states = [f for f in frames if f["type"] == "state"]
    return sum(
        1 for before, after in itertools.pairwise(states) if taken(after) and not taken(before)
    )


@pytest.mark.django_db(transaction=True)
def test_four_players_over_two_processes_play_a_whole_game(tmp_path: Path) -> None:
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    word = PlayingWordFactory(letters="KOS", label="KOS", status="approved")
    users = {"A": UserFactory(username="cross-a")}
    game = services.online_practice_create(
        by=users["A"], word=word, bots=0, seconds_per_action=5, grace_seconds=3
    )
    for seat in "BCD":
        users[seat] = UserFactory(username=f"cross-{seat.lower()}")
        services.online_join(by=users[seat], game_id=game.pk)
    # The first clock starts with the first move, not while the servers start.
    OnlineGame.objects.filter(pk=game.pk).update(deadline=timezone.now() + dt.timedelta(hours=1))
    cookies = {seat: cookie_of(user) for seat, user in users.items()}

    ports = [free_port(), free_port()]
    logs = [tmp_path / f"uvicorn-{n}.log" for n in (1, 2)]
    servers = [start_uvicorn(port, log) for port, log in zip(ports, logs, strict=True)]
    upstreams = [f"127.0.0.1:{port}" for port in ports]
    front = Front(
        listen=f"127.0.0.1:{free_port()}",
        web=upstreams,
        ws=upstreams,
        run_dir=tmp_path / "nginx",
        static_root=tmp_path,
        media_root=tmp_path,
        workers="1",
    )
    config = nginx_write(front)
    nginx = subprocess.Popen(nginx_command(config))
    try:
        wait_listening(int(front.listen.rsplit(":", 1)[1]), nginx, "nginx")
        url = f"ws://{front.listen}/ws/online/{game.pk}/"
        frames = asyncio.run(whole_game(url, cookies))

        row = OnlineGame.objects.get(pk=game.pk)
        finals = {s: [f for f in got if f["type"] == "state"][-1] for s, got in frames.items()}
        assert {final["version"] for final in finals.values()} == {row.version}
        assert all(final["game"]["finished"] for final in finals.values())
        assert len({json.dumps(final["game"], sort_keys=True) for final in finals.values()}) == 1
        # Both processes served players, so every change crossed the Redis layer.
        accepted = [log.read_text().count("[accepted]") for log in logs]
        assert sorted(accepted) == [2, 2], accepted
        # The sleepy seat's clock ran out once, its grace once, and the practice game paused
        # for it once: each seen once by everyone, though the clock ran in two processes.
        for seat, got in frames.items():
            clocks = [(f["version"], f["clock"]) for f in got if f["type"] == "state"]
            assert grace_starts(got) == 1, (seat, clocks)
            assert pauses(got, SLEEPY) == 1, (seat, clocks)
        assert not OnlineSeat.objects.get(game_id=game.pk, seat=SLEEPY).bot_takeover

        # A graceful stop of both processes: the open sockets are told "service restart".
        async def stop_with_watchers() -> list[int | None]:
            sockets = await watchers(url, 2)
            codes = await asyncio.gather(*(asyncio.to_thread(stop, s) for s in servers))
            assert all(code in (0, -signal.SIGTERM) for code in codes), codes
            return [await close_code(ws) for ws in sockets]

        assert asyncio.run(stop_with_watchers()) == [1012, 1012]
    finally:
        nginx.send_signal(signal.SIGQUIT)
        nginx.wait(timeout=15)
        for server in servers:
            if server.poll() is None:
                server.kill()
                server.wait(timeout=10)
