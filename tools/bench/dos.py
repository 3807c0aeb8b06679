"""Denial-of-service benchmark: a cheap API request while strangers attack.

``python -m tools.bench.dos [--quiet 15] [--settle 10] [--loaded 30] [--kinds basic,token]``
``[--attackers 6] [--analysts 8] [--games 3]``

Starts the production topology (``deploy/Procfile`` under honcho: nginx, gunicorn, uvicorn,
a Celery worker and beat) on 127.0.0.1 with a fresh PostgreSQL database (``scwu_load_dos``)
and Redis (db 9), as the load test does (``tools/loadtest/stack.py``). It seeds a series and
``--games`` finished practice games (a short word, played to its end: the public may see a
finished game's analyses, which the Celery worker computed when each deal ended; the bench
waits until the worker is idle), then measures the median of a cheap
API request (``GET /api/series/<slug>/``, one client, four a second) first alone, then while

- six clients send made-up credentials as fast as they are answered (``--kinds``: ``basic``,
  a made-up user and password in an ``Authorization: Basic`` header; ``token``, a made-up API
  token; ``form``, the sign-in form with a made-up user), and
- eight clients ask for deal analyses
  (``/api/games/online/<id>/deals/<n>/analysis/?seat=B``, every deal and seat in turn).

Every client has its own loopback address (127.0.0.x), so nginx forwards each as a visitor of
its own, as on the internet, and the per-address limits count them apart. Prints both medians
and their ratio (the goal: within 2x), and what the attackers and the analysts were answered.
Not a timed test: the machine's other work moves the figures; run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import multiprocessing
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tools.loadtest import stack

EventLike = Any  # multiprocessing's Event and Queue (their classes are not exported types)
QueueLike = Any

DATABASE_URL = "postgres://postgres@127.0.0.1:5432/scwu_load_dos"
REDIS_URL = "redis://127.0.0.1:6379/9"
SERIES = "dos-bench"
CHEAP = f"/api/series/{SERIES}/"
MEASURED_FROM = "127.0.0.2"
#: The cheap request's pace: under the anonymous rate per address (300 a minute).
MEASURE_EVERY = 0.25
WORD = "KOS"  # short: a game is a handful of deals


def _setup(games: int) -> None:
    """(In a child with the bench's environment) the series and the finished games; prints
    the analysis paths of their deals."""
    import django

    django.setup()
    from django.contrib.auth.models import User

    from engine import HeuristicBot, bot_action
    from engine.actions import action_to_json
    from games.online import replay, services
    from games.online.models import OnlineGame
    from scwu.models import PlayingWord
    from tournaments.models import Series

    Series.objects.get_or_create(slug=SERIES, defaults={"name": "DoS bench"})
    word, _ = PlayingWord.objects.get_or_create(
        letters=WORD, defaults={"label": WORD, "theme": "bench", "status": "approved"}
    )
    bot = HeuristicBot()
    paths: list[str] = []
    for n in range(games):
        user = User.objects.create(username=f"dos-player-{n}")
        game = services.online_practice_create(by=user, word=word, bots=3, bot_level="easy")
        while True:
            row = OnlineGame.objects.get(pk=game.pk)
            state = replay.game_replay(row)
            if state.is_over():
                break
            seat = state.turn
            assert seat is not None
            action = action_to_json(bot_action(bot, state.deal, seat))
            action.pop("seat", None)
            services.online_act(game_id=game.pk, user=user, action=action, version=row.version)
        paths += [
            f"/api/games/online/{game.pk}/deals/{number}/analysis/?seat={seat_code}"
            for number in range(1, len(state.records) + 1)
            for seat_code in "ABCD"
        ]
    print(json.dumps(paths))


class Client:
    """One keep-alive HTTP connection from its own loopback address."""

    def __init__(self, port: int, source: str) -> None:
        self.port, self.source = port, source
        self.conn: http.client.HTTPConnection | None = None

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes, dict[str, str], float]:
        started = time.monotonic()
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(
                    "127.0.0.1", self.port, timeout=120, source_address=(self.source, 0)
                )
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                answer = self.conn.getresponse()
                data = answer.read()
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    return 0, b"", {}, time.monotonic() - started
                continue
            if answer.getheader("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = None
            return answer.status, data, dict(answer.getheaders()), time.monotonic() - started
        raise AssertionError("unreachable")


def _basic(client: Client) -> int:
    made_up = f"{secrets.token_hex(6)}:{secrets.token_hex(8)}"
    header = "Basic " + base64.b64encode(made_up.encode()).decode()
    return client.request("GET", "/api/words/", headers={"Authorization": header})[0]


def _token(client: Client) -> int:
    header = f"Token scwu_{secrets.token_urlsafe(32)}"
    return client.request("GET", "/api/words/", headers={"Authorization": header})[0]


def _form(client: Client) -> int:
    status, page, headers, _ = client.request("GET", "/accounts/login/")
    cookie = re.search(r"csrftoken=([^;]+)", headers.get("Set-Cookie", ""))
    field = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    if status != 200 or not cookie or not field:
        return status or 0
    body = (
        f"csrfmiddlewaretoken={field.group(1).decode()}&login={secrets.token_hex(6)}"
        f"&password={secrets.token_hex(8)}"
    ).encode()
    return client.request(
        "POST",
        "/accounts/login/",
        body=body,
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={cookie.group(1)}",
            "Referer": f"http://127.0.0.1:{client.port}/accounts/login/",
        },
    )[0]


ATTACKS: dict[str, Callable[[Client], int]] = {"basic": _basic, "token": _token, "form": _form}


def _client_run(
    role: str,
    port: int,
    source: str,
    work: list[str],
    stop: EventLike,
    results: QueueLike,
) -> None:
    """(In a process of its own, so the measuring client never waits for its interpreter
    lock) an attacker (``work``: the kinds) or an analyst (``work``: the paths) until
    ``stop``; puts what it was answered and, for analyses, how long each took."""
    client = Client(port, source)
    rng = random.Random(source)
    order = work[:]
    rng.shuffle(order)
    seen: Counter[str] = Counter()
    took: list[float] = []
    n = 0
    while not stop.is_set():
        if role == "attacker":
            kind = rng.choice(work)
            seen[f"{kind} {ATTACKS[kind](client)}"] += 1
        else:
            status, _, _, seconds = client.request("GET", order[n % len(order)])
            seen[str(status)] += 1
            took.append(seconds)
            if status == 429:
                # A refused client here shares the server's CPU: spinning on refusals would
                # measure the bench, not the site (an attacker's own machine pays for that).
                time.sleep(0.1)
        n += 1
    results.put((role, dict(seen), took))


def _measure(port: int, seconds: float) -> list[float]:
    """The cheap request's times (200 answers only; any other answer ends the bench)."""
    client = Client(port, MEASURED_FROM)
    times: list[float] = []
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        status, _, _, took = client.request("GET", CHEAP, headers={"Accept": "application/json"})
        if status != 200:
            raise SystemExit(f"{CHEAP} answered {status}")
        times.append(took)
        time.sleep(max(0.0, MEASURE_EVERY - took))
    return times


def _warm_up(port: int) -> None:
    """Every server thread answers a few first (its database connection, imports, caches),
    in bursts the per-address limits allow."""
    for _ in range(3):
        burst = [
            threading.Thread(target=Client(port, MEASURED_FROM).request, args=("GET", CHEAP))
            for _ in range(12)
        ]
        for thread in burst:
            thread.start()
        for thread in burst:
            thread.join()
        time.sleep(4.0)


def _queue_drained(timeout: float = 600) -> None:
    """Wait until the Celery worker has nothing queued or in hand (work the seeding queued)."""
    import redis

    db = redis.Redis.from_url(REDIS_URL)
    deadline = time.monotonic() + timeout
    idle_since = None
    while time.monotonic() < deadline:
        busy = int(db.llen("celery")) + int(db.hlen("unacked"))  # type: ignore[arg-type]
        if busy:
            idle_since = None
        elif idle_since is None:
            idle_since = time.monotonic()
        elif time.monotonic() - idle_since > 3:
            return
        time.sleep(0.5)
    print("warning: the Celery queue did not drain; the quiet figure includes its work")


def _ms(values: list[float]) -> str:
    return f"{1000 * statistics.median(values):.0f} ms"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", type=float, default=15.0, help="seconds measured alone")
    parser.add_argument("--loaded", type=float, default=30.0, help="seconds measured attacked")
    parser.add_argument(
        "--settle", type=float, default=10.0, help="seconds attacked before measuring"
    )
    parser.add_argument("--kinds", default="basic,token", help="basic, token, form")
    parser.add_argument("--attackers", type=int, default=6)
    parser.add_argument("--analysts", type=int, default=8)
    parser.add_argument("--games", type=int, default=3, help="practice games to analyse")
    parser.add_argument("--port", type=int, default=8340, help="nginx; the next two are taken")
    parser.add_argument("--setup", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.setup:
        _setup(args.setup)
        return
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    if not kinds or set(kinds) - set(ATTACKS):
        parser.error(f"--kinds takes {', '.join(ATTACKS)}")

    env = stack.environment(DATABASE_URL, REDIS_URL)
    stack.database_recreate(DATABASE_URL)
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()  # the bench's own db: no counters left over
    stack.migrate(env)
    started = time.monotonic()
    paths: list[str] = json.loads(
        subprocess.run(
            [sys.executable, "-m", "tools.bench.dos", "--setup", str(args.games)],
            cwd=stack.ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    seeded = time.monotonic() - started
    print(f"seeded {len(paths)} analyses ({args.games} games) in {seeded:.0f} s")
    log_dir = Path(tempfile.mkdtemp(prefix="dos-bench-"))  # kept: the servers' logs
    log_dir.chmod(0o755)  # nginx's workers (another user when started as root) cache in it
    print(f"servers' logs in {log_dir}")
    with stack.running(env, args.port, log_dir, topology=True):
        _queue_drained()
        _warm_up(args.port)
        quiet = _measure(args.port, args.quiet)
        context = multiprocessing.get_context("fork")
        stop = context.Event()
        results = context.Queue()
        clients = [
            context.Process(
                target=_client_run,
                args=("attacker", args.port, f"127.0.0.{11 + i}", kinds, stop, results),
            )
            for i in range(args.attackers)
        ] + [
            context.Process(
                target=_client_run,
                args=("analyst", args.port, f"127.0.0.{31 + i}", paths, stop, results),
            )
            for i in range(args.analysts)
        ]
        for process in clients:
            process.start()
        # Each server process replays a game once before it serves that game's analyses (about
        # 1.5 s each here, then kept); --settle leaves that out of the steady state measured.
        time.sleep(args.settle)
        try:
            loaded = _measure(args.port, args.loaded)
        finally:
            stop.set()
        attacks: Counter[str] = Counter()
        analyses: Counter[str] = Counter()
        analysis_took: list[float] = []
        for _ in clients:  # an analysis in flight may take its while
            role, seen, took = results.get(timeout=300)
            (attacks if role == "attacker" else analyses).update(seen)
            analysis_took += took
        for process in clients:
            process.join(timeout=10)
    ratio = statistics.median(loaded) / statistics.median(quiet)
    print(f"quiet median of GET {CHEAP}: {_ms(quiet)} ({len(quiet)} requests)")
    print(
        f"loaded median with {args.attackers} clients sending made-up credentials ({args.kinds}) "
        f"and {args.analysts} asking for analyses: {_ms(loaded)} ({len(loaded)} requests, "
        f"after {args.settle:.0f} s)"
    )
    print(f"ratio {ratio:.2f} (goal within 2x: {'met' if ratio <= 2 else 'NOT met'})")
    print(f"attackers were answered: {_counts(attacks)}")
    answered = f", median {_ms(analysis_took)}" if analysis_took else ""
    print(f"analysts were answered: {_counts(analyses)}{answered}")


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{key}: {value}" for key, value in sorted(counter.items())) or "nothing"


if __name__ == "__main__":
    main()
