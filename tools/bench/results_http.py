"""Benchmark: the public standings endpoint against a bare one-query DRF view.

``python -m tools.bench.results_http [--players 100] [--concurrency 8] [--seconds 5]``

Seeds a throw-away SQLite file with a tournament of ``--players`` players and two played
rounds (every game entered through the scorekeeping service), starts the site in a
subprocess (Django's threaded WSGI server, debug off, on 127.0.0.1 only, with one extra
bench-only view), and measures requests per second of both endpoints in the same run with
the same concurrency; an existing one-query endpoint (``/api/series/<slug>/``) runs too, as a
second baseline that sits as deep in the URL configuration as the standings. Rounds
alternate between the endpoints; prints every rate and the ratios (the goal is >= 0.70).
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tools.bench.bare import BARE_PATH

HOST = "127.0.0.1"
SLUG = "bench-results"
BARE = BARE_PATH.format(slug=SLUG)
STANDINGS = f"/api/tournaments/{SLUG}/standings/"
SERIES = "/api/series/bench/"
ENDPOINTS = (
    ("bare one-query DRF view (bench-only)", BARE),
    ("existing one-query endpoint /api/series/<slug>/", SERIES),
    ("public standings endpoint", STANDINGS),
)


def _environment(db_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "scwu.config.settings",
            "SQLITE_PATH": str(db_path),
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "results-bench-only-" + "0123456789abcdef" * 3,
            "DJANGO_ALLOWED_HOSTS": HOST,
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            # Every client is 127.0.0.1: the per-address rate would refuse all but the first
            # few hundred requests a minute; this measures the endpoints, not the throttle.
            "SCWU_API_RATE_ANON": "off",
            # DRF's user throttle counts anonymous requests by address as well.
            "SCWU_API_RATE_USER": "off",
        }
    )
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    return env


def _seed(players: int, rounds: int) -> None:
    from games.services import PaperRow, paper_enter
    from scwu.models import Player, PlayingWord
    from tools.bench.pages import official_create
    from tournaments.models import Entry, Round, Season, Series, Table, TableSeat, Tournament

    rng = random.Random(2026)
    admin = official_create("bench-admin", "administrator")
    word = PlayingWord.objects.create(
        label="TONDA", letters="TONDA", theme="bench", status="approved"
    )
    tournament = Tournament.objects.create(
        season=Season.objects.get_or_create(year=2026)[0],
        series=Series.objects.get_or_create(name="Bench", slug="bench")[0],
        name="Results bench",
        slug=SLUG,
        status="running",
        start_date=dt.date(2026, 5, 16),
        end_date=dt.date(2026, 5, 16),
    )
    entries = [
        Entry.objects.create(
            tournament=tournament,
            player=Player.objects.create(nickname=f"Bench{i:04d}"),
            status="checked_in",
        )
        for i in range(players)
    ]
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, word=word, status="published"
        )
        rng.shuffle(entries)
        for t in range(len(entries) // 4):
            table = Table.objects.create(round=round_, number=t + 1)
            for position, entry in zip("ABCD", entries[4 * t : 4 * t + 4], strict=True):
                TableSeat.objects.create(table=table, position=position, entry=entry)
            letters = dict.fromkeys("ABCD", 0)
            rows = []
            while max(letters.values()) < len(word.letters):
                loser = rng.choice("ABCD")
                letters[loser] += 1
                rows.append(PaperRow((loser,)))
            paper_enter(by=admin, table=table, first_number=1, rows=rows)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _serve(port: int) -> None:
    """The server process: the site and the bench view on 127.0.0.1, threaded WSGI."""
    import django
    from django.conf import settings

    django.setup()
    settings.ROOT_URLCONF = "tools.bench.bare"
    from django.core.servers.basehttp import WSGIServer, run
    from django.core.wsgi import get_wsgi_application

    run(HOST, port, get_wsgi_application(), threading=True, server_cls=WSGIServer)


def _get(port: int, path: str) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request("GET", path, headers={"Accept": "application/json"})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def _wait_ready(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the bench server stopped while starting")
        try:
            if _get(port, BARE) == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the bench server did not answer within 60 s")


def _load(port: int, path: str, *, concurrency: int, seconds: float) -> float:
    """Requests per second of ``concurrency`` clients for ``seconds``; any answer but 200 stops."""
    stop = time.monotonic() + seconds
    counts = [0] * concurrency
    failures: list[int] = []

    def client(i: int) -> None:
        while time.monotonic() < stop:
            status = _get(port, path)
            if status != 200:
                failures.append(status)
                return
            counts[i] += 1

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(f"{path} answered {failures[0]}")
    return sum(counts) / (time.monotonic() - started)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=3.0, help="per measuring round")
    parser.add_argument("--repeat", type=int, default=5, help="measuring rounds per endpoint")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        _serve(args.serve)
        return

    with tempfile.TemporaryDirectory(prefix="results-bench-") as tmp:
        env = _environment(Path(tmp) / "bench.sqlite3")
        os.environ.update(env)
        import django
        from django.core.management import call_command

        django.setup()
        started = time.monotonic()
        call_command("migrate", verbosity=0)
        _seed(args.players, args.rounds)
        print(
            f"seeded {args.players} players, {args.rounds} rounds "
            f"in {time.monotonic() - started:.1f} s (SQLite, debug off)"
        )
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "tools.bench.results_http", "--serve", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait_ready(port, server)
            rates = _measure(port, args.concurrency, args.seconds, args.repeat)
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(f"concurrency {args.concurrency}, {args.repeat} x {args.seconds:.0f} s per endpoint")
    for label, path in ENDPOINTS:
        print(f"{label:48} {max(rates[path]):7.1f} req/s  (rounds: {_fmt(rates[path])})")
    standings = rates[STANDINGS]
    for label, path in ENDPOINTS[:2]:
        base = rates[path]
        best = max(standings) / max(base)
        # Neighbouring rounds share the machine's load of the moment: their ratio is the
        # fairer one when something else runs on the machine meanwhile.
        paired = statistics.median(s / b for s, b in zip(standings, base, strict=True))
        verdict = "met" if min(best, paired) >= 0.7 else "NOT met"
        print(
            f"standings / {label.split(' (')[0]}: best {best:.2f}, "
            f"median of neighbouring rounds {paired:.2f} (goal >= 0.70: {verdict})"
        )


def _measure(port: int, concurrency: int, seconds: float, repeat: int) -> dict[str, list[float]]:
    """Rounds alternate between the endpoints, so each meets the same load of the machine."""
    for _, path in ENDPOINTS:  # warm up: imports, caches, connections
        _load(port, path, concurrency=concurrency, seconds=1.0)
    rates: dict[str, list[float]] = {path: [] for _, path in ENDPOINTS}
    for _ in range(repeat):
        for _, path in ENDPOINTS:
            rates[path].append(_load(port, path, concurrency=concurrency, seconds=seconds))
    return rates


def _fmt(values: list[float]) -> str:
    return ", ".join(f"{v:.0f}" for v in values)


if __name__ == "__main__":
    main()
