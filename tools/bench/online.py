"""Benchmark of the online tables: one WebSocket process, many tables, bots at full speed.

``python -m tools.bench.online [--tables 200] [--seconds 20] [--think ms] [--hard N]`` migrates a
throw-away SQLite database in WAL mode (or uses ``DATABASE_URL``, with a pool of 8
connections as the Procfile gives the WebSocket process; ``REDIS_URL`` selects the Redis
channel layer as in production), opens one practice game per table (one human seat + three
bots), starts uvicorn as the Procfile does on a free 127.0.0.1 port and drives every table
with one WebSocket client. The human acts as soon as it is to move, or after ``--think`` ms
give or take half (players do not move in step). It prints the tables, the actions applied
per second (the human's and the bots') and the round trip of the human's actions (send to
the first state frame of the new version) as p50/p95/p99, and again by when the action
was sent (a tenth of the window each), to show whether the tail sits at the start, spreads
over the window or sits at its end. Every table keeps its connection open until every
table's window is over, so the last seconds' round trips do not wait behind the server's
work for 500 closes at once.

``--hard N`` adds N tables with hard bots, their humans at the same pace (each human move
sets off up to three searches); the round trips printed stay those of the ``--tables``
tables (easy bots), so they show what the hard bots' thinking costs the other tables.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.online.throttle import TokenBucket

ROOT = Path(__file__).resolve().parents[2]
#: Seconds a table waits for its next frame before it counts as stalled.
STALL_SECONDS = 30
WORD = "SMOKINGCATWORLDUNION"  # 20 letters: no game ends inside the measured window


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _env(db_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = str(db_path)
    else:
        # As deploy/Procfile runs the WebSocket process: a pool, so actions run side by side.
        env.setdefault("DATABASE_POOL_SIZE", "8")
    env["DJANGO_SETTINGS_MODULE"] = "tools.bench.online_settings"
    # Debug off, as in production: debug records every query (a tenth of the server's time).
    env.setdefault("DJANGO_DEBUG", "0")
    env.setdefault("DJANGO_SECRET_KEY", "online-bench-only-" + "0123456789abcdef" * 3)
    env.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1")
    env.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
    env["PYTHONPATH"] = str(ROOT)
    return env


def _prepare(env: dict[str, str], tables: int, hard: int = 0) -> list[tuple[int, str, str]]:
    """Migrate, then open the games in a child process; returns (game id, cookie, bot
    level) triples, the ``hard`` tables last."""
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    if "SQLITE_PATH" in env:
        with sqlite3.connect(env["SQLITE_PATH"]) as db:
            db.execute("PRAGMA journal_mode=WAL")
    out = subprocess.run(
        [sys.executable, "-m", "tools.bench.online", "--setup", str(tables), "--hard", str(hard)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return [tuple(triple) for triple in json.loads(out.stdout)]  # type: ignore[misc]


def _setup(tables: int, hard: int = 0) -> None:
    """(In the child) one user and one practice game per table; prints ids, cookies and
    bot levels."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    from games.online import services
    from scwu.models import PlayingWord

    word, _ = PlayingWord.objects.get_or_create(
        letters=WORD, defaults={"label": WORD, "status": "approved", "theme": "bench"}
    )
    stamp = int(time.time())
    pairs = []
    for n in range(tables + hard):
        level = "easy" if n < tables else "hard"
        user = User.objects.create_user(f"bench-{stamp}-{n}")
        game = services.online_practice_create(  # easy bots: the figures measure the tables
            by=user,
            word=word,
            bots=3,
            bot_level=level,
            seconds_per_action=600,
            grace_seconds=600,
        )
        client = Client()
        client.force_login(user)
        name = settings.SESSION_COOKIE_NAME
        pairs.append((game.pk, f"{name}={client.cookies[name].value}", level))
    print(json.dumps(pairs))


def _my_move(frame: dict[str, Any]) -> dict[str, Any] | None:
    """The human's move once every bot has moved (bots pass at once and play in turn)."""
    if frame["type"] != "state" or frame["game"]["finished"]:
        return None
    view, me = frame["view"], frame["you"]
    if view["must_pass"]:
        others = {s for s in "ABCD" if s != me}
        if others <= set(view["passed_seats"]):
            return {"type": "pass", "cards": view["hand"][:3]}
        return None
    if view["phase"] == "play" and view["turn"] == me:
        return {"type": "play", "card": view["legal_cards"][0]}
    return None


async def _table(
    url: str,
    game_id: int,
    cookie: str,
    start: asyncio.Event,
    ready: list[int],
    think: float,
    rtts: list[float],
    counts: dict[str, float],
    sent: list[float],
    over: asyncio.Barrier,
) -> None:
    import websockets

    from games.online.throttle import BURST, RATE, TokenBucket

    # The site's own origin, port included, as a browser on the page sends it.
    headers = {"Cookie": cookie, "Origin": url.replace("ws://", "http://", 1)}
    async with websockets.connect(
        f"{url}/ws/online/{game_id}/",
        additional_headers=headers,
        max_size=2**22,
        open_timeout=120,
    ) as ws:
        bucket = TokenBucket(rate=RATE * 0.8, burst=BURST // 2)
        pace = random.Random(game_id)

        async def paced_send(frame: dict[str, Any]) -> None:
            # Under the server's per-connection limit, as every client must keep.
            while not bucket.take():
                await asyncio.sleep(1 / RATE)
            await ws.send(json.dumps(frame))

        ready.append(game_id)
        await start.wait()  # every table is connected: the measured window begins
        try:
            await _play(ws, paced_send, bucket, pace, think, rtts, counts, sent)
        finally:
            # Open until every table's window is over: 500 players do not all leave within
            # a second while the others still play, and the server's work for each close
            # (the seat shown as gone) queued the last seconds' actions behind it.
            await over.wait()


async def _play(
    ws: Any,
    paced_send: Callable[[dict[str, Any]], Awaitable[None]],
    bucket: TokenBucket,
    pace: random.Random,
    think: float,
    rtts: list[float],
    counts: dict[str, float],
    sent: list[float],
) -> None:
    """One table's measured window: act until ``counts["seconds"]`` have passed; each
    round trip goes to ``rtts``, when its action was sent (s into the window) to ``sent``."""
    from games.online.throttle import RATE

    began = time.perf_counter()
    until = began + counts["seconds"]
    await paced_send({"type": "hello", "version": None})
    version = -1
    sent_at: float | None = None
    sent_version = -1
    while True:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=STALL_SECONDS)
        except TimeoutError:
            # A frame the server never sent (or the layer dropped): count the table
            # and let the run end, rather than wait for it for ever.
            counts["stalled"] += 1
            return
        frame = json.loads(raw)
        kind = frame["type"]
        if kind == "error":
            counts["errors"] += 1
            sent_at = None
            await paced_send({"type": "hello", "version": version})
            continue
        if kind != "state":
            continue
        if frame["version"] > version:
            if version >= 0:
                counts["versions"] += frame["version"] - version
            version = frame["version"]
        if sent_at is not None and version > sent_version:
            rtts.append(time.perf_counter() - sent_at)
            sent.append(sent_at - began)
            sent_at = None
        if time.perf_counter() >= until:
            return
        if frame["version"] != version or sent_at is not None:
            continue
        move = _my_move(frame)
        if move is None:
            if frame["game"]["finished"]:
                counts["finished"] += 1
                return
            continue
        if think:
            # Players do not move in step: each waits the mean think time give or take
            # half, so the tables' moves spread out as they would at a real event.
            await asyncio.sleep(think * pace.uniform(0.5, 1.5))
        while not bucket.take():  # paced before the clock starts: no throttle in the trip
            await asyncio.sleep(1 / RATE)
        sent_at, sent_version = time.perf_counter(), version
        counts["actions"] += 1
        await ws.send(json.dumps({"type": "action", "version": version, "action": move}))


def cpu_seconds(pid: int | None) -> float | None:
    """The CPU time (user and system, seconds) process ``pid`` has used so far; None where
    ``/proc`` does not tell (not Linux) or without a process."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # utime and stime, the 14th and 15th fields (the 12th and 13th after the name).
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def drive(
    port: int,
    games: list[tuple[int, str, str]],
    seconds: float,
    think: float = 0,
    server_pid: int | None = None,
) -> dict[str, Any]:
    """Play every game (id, session cookie, bot level) through the site on ``port`` for
    ``seconds``, the humans thinking ``think`` s (±50 %); the counts, the measured window,
    the easy tables' round trips (``rtts``, seconds) and the CPU seconds the server process
    ``server_pid`` used in the window (``server_cpu``, None if not known)."""
    rtts: list[float] = []
    sent: list[float] = []  # when each of ``rtts`` was sent, seconds into the window
    searching: list[float] = []  # the hard tables' own round trips (their bots think)
    searching_sent: list[float] = []
    counts: dict[str, float] = dict.fromkeys(
        ["actions", "versions", "errors", "finished", "stalled"], 0
    )
    counts["seconds"] = seconds
    url = f"ws://127.0.0.1:{port}"
    start, ready, over = asyncio.Event(), list[int](), asyncio.Barrier(len(games))
    tasks = []
    for gid, cookie, level in games:  # connect in a steady stream, not all in one instant
        mine, when = (searching, searching_sent) if level == "hard" else (rtts, sent)
        job = _table(url, gid, cookie, start, ready, think, mine, counts, when, over)
        tasks.append(asyncio.ensure_future(job))
        await asyncio.sleep(0.01)
    while len(ready) < len(games):
        # A table that could not connect (a refused handshake) ends the run with its reason
        # instead of leaving the others waiting for it for ever.
        for task in tasks:
            if task.done() and task.exception() is not None:
                raise SystemExit(f"a table could not connect: {task.exception()!r}")
        await asyncio.sleep(0.05)
    await asyncio.sleep(1)  # the connections' own setup (presence, chat log) settles
    cpu_before, own_before = cpu_seconds(server_pid), time.process_time()
    began = time.perf_counter()
    start.set()
    await asyncio.gather(*tasks)
    elapsed, cpu_after = time.perf_counter() - began, cpu_seconds(server_pid)
    server_cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    # The clients' own time: the round trips include their loop's lag when it is busy.
    client_cpu = time.process_time() - own_before
    return {
        **counts,
        "elapsed": elapsed,
        "rtts": rtts,
        "sent": sent,
        "server_cpu": server_cpu,
        "client_cpu": client_cpu,
    }


def _wait_listening(port: int, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError("uvicorn did not start")


def _pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000


def window_lines(rtts: list[float], sent: list[float], seconds: float) -> list[str]:
    """The round trips ``rtts`` (s) grouped by when their action was ``sent`` (s into the
    window), in a tenth of the window each (the last group takes what was sent after it):
    one line of count, p50 and p95 (ms) per group."""
    step = max(seconds / 10, 1e-9)
    groups: dict[int, list[float]] = {}
    for rtt, at in zip(rtts, sent, strict=True):
        groups.setdefault(min(int(at / step), 10), []).append(rtt)
    lines = []
    for index in sorted(groups):
        values = groups[index]
        span = (
            f"{index * step:4.0f}-{(index + 1) * step:<4.0f}"
            if index < 10
            else f"{seconds:4.0f}+    "
        )
        lines.append(
            f"{span} n {len(values):5d}  p50 {_pct(values, 0.5):7.1f}"
            f"  p95 {_pct(values, 0.95):7.1f}"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--think", type=float, default=0, help="ms the human seat waits before acting"
    )
    parser.add_argument(
        "--hard", type=int, default=0, help="more tables, of hard bots (not in the round trips)"
    )
    parser.add_argument("--setup", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.setup is not None:
        _setup(args.setup, args.hard)
        return
    with tempfile.TemporaryDirectory(prefix="scwu-online-bench-") as tmp:
        env = _env(Path(tmp) / "bench.sqlite3")
        games = _prepare(env, args.tables, args.hard)
        port = _free_port()
        log_path = Path(tmp) / "server.log"
        log = log_path.open("w")
        server = subprocess.Popen(
            # As deploy/Procfile runs the WebSocket process.
            [sys.executable, "-m", "uvicorn", "--host", "127.0.0.1", "--port", str(port),
             "--lifespan", "off", "--no-access-log", "--log-level", "warning",
             "--timeout-graceful-shutdown", "2", "--ws-per-message-deflate",
             os.environ.get("SCWU_WS_DEFLATE", "false"), "scwu.config.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log,  # a pipe nobody reads would stall the server once full
        )  # fmt: skip
        try:
            _wait_listening(port)
            result = asyncio.run(drive(port, games, args.seconds, args.think / 1000, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=10)
            log.close()
        server_log = log_path.read_text()
        server_errors = server_log.count("Traceback")
        if server_errors:  # the first one, so a run that failed says why
            first = server_log[server_log.index("Traceback") :].split("\n\n")[0]
            print("first server traceback:\n" + "\n".join(first.splitlines()[-12:]))
    rtts = result["rtts"]
    database = "PostgreSQL (pool)" if os.environ.get("DATABASE_URL") else "SQLite (WAL)"
    layer = "Redis layer" if os.environ.get("REDIS_URL") else "in-memory layer"
    spread = " (each move ±50 %)" if args.think else ""
    hard = f", + {args.hard} tables of hard bots (not in the round trips)" if args.hard else ""
    print(
        f"online tables bench: {args.tables} tables, {result['elapsed']:.1f} s, {database},"
        f" {layer}, human think time {args.think:.0f} ms{spread}{hard}"
    )
    print(f"  human actions      {result['actions']}  (errors {result['errors']})")
    print(f"  stalled tables     {result['stalled']:.0f}  (server tracebacks {server_errors})")
    print(f"  actions applied    {result['versions']}  (human and bots)")
    print(f"  actions/second     {result['versions'] / result['elapsed']:.0f}")
    if result["server_cpu"] is not None and result["versions"]:
        # Less noisy than the rates on a shared machine: what each action costs the server.
        cpu = result["server_cpu"]
        print(
            f"  server CPU         {cpu:.1f} s ({cpu / result['elapsed']:.2f} of a core),"
            f" {cpu / result['versions'] * 1000:.2f} ms per action applied"
        )
    client = result["client_cpu"]
    print(f"  clients' CPU       {client:.1f} s ({client / result['elapsed']:.2f} of a core)")
    if rtts:
        print(
            f"  round trip (ms)    p50 {_pct(rtts, 0.5):.1f}  p95 {_pct(rtts, 0.95):.1f}"
            f"  p99 {_pct(rtts, 0.99):.1f}  mean {statistics.fmean(rtts) * 1000:.1f}"
        )
        # Where the tail sits: the first seconds (every table's hello at once), spread
        # over the window (queueing), or at its end.
        print("  round trip by when the action was sent (s into the window):")
        for line in window_lines(rtts, result["sent"], args.seconds):
            print("    " + line)


if __name__ == "__main__":
    main()
