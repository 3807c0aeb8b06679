"""Benchmark of a match day on the production topology, each figure against a bare view.

``python -m tools.bench.matchday [--seconds 4] [--load-seconds 30] [--online-tables 500]
[--online-seconds 30] [--skip PART ...] [--cpu-hog N]`` recreates its own database
(``DATABASE_URL``'s server, a database named ``scwu_bench*`` or ``scwu_perf*``; default
``scwu_bench_matchday``), seeds a 50-table round, a 3-table round and a long game, starts the
production topology (``deploy/Procfile`` under honcho: nginx on ``--port``, gunicorn and
uvicorn on the two ports after it, Celery worker and beat, on PostgreSQL and ``REDIS_URL``)
with one bench-only view beside the site (``tools.bench.bare``: one query, a tiny answer) and
measures, in the same run:

- ``deals``: 70 deals of one long game recorded as the table page records them (``?ahead=3``),
  each followed by one request of the bare view: the median against the bare view's, and the
  median of deals 61-70 against that of deals 1-10;
- ``pages``: requests per second through nginx of the line judge's table page, the 50-table
  round's dashboard as its director sees it and the live results page signed in, in rounds
  alternating with the bare view; the dashboard's queries for 50 tables and for 3 (in
  process), and the CPU one uncached live results page of the 50-table round costs;
- ``online``: ``--online-tables`` practice tables (three easy bots each), a human at each
  thinking 2 s (±50 %), through nginx to the topology's one WebSocket process on Redis:
  median and p95 round trip, stalled tables;
- ``load`` (last: the jobs it queues keep the worker busy for minutes): the load test's
  default profile (its judges send the look-ahead) twice against the running topology, with
  one client fetching the bare view all along: timeouts, 5xx, and the deals' p95 against the
  bare view's p95 of the same run.

It prints one table, each figure with its target and verdict. Timings depend on the machine
and on what else runs on it: the header prints the cores and the load average before and
after. The bench is run by hand; no test runs it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from tools.bench.bare import BARE_PATH
from tools.loadtest.http import NETWORK_ERRORS, Http
from tools.loadtest.stack import (
    ROOT,
    collectstatic,
    database_recreate,
    environment,
    migrate,
    running,
)

PARTS = ("deals", "pages", "load", "online")
DEFAULT_DATABASE = "scwu_bench_matchday"
#: The databases this bench may drop and create (never the site's).
BENCH_DATABASES = ("scwu_bench", "scwu_perf")
#: The long game's word: 20 letters, so 70 deals with one loser each end no game.
LONG_WORD = "SMOKINGCATWORLDUNION"
LONG_DEALS = 70
BIG_ROUND, SMALL_ROUND = 50, 3


@dataclass(frozen=True)
class Figure:
    """One line of the report: a measured value, its target and whether it meets it."""

    name: str
    value: float | None
    unit: str
    target: str
    ok: bool | None  # None: no target, or not measured

    def line(self) -> str:
        shown = "not measured" if self.value is None else f"{figure_text(self.value)} {self.unit}"
        verdict = {True: "PASS", False: "MISS", None: ""}[self.ok]
        return f"{self.name:<58}{shown:>20}  {self.target:<28}{verdict}"


def figure_text(value: float) -> str:
    """Three significant digits, whole numbers from 100 on (never an exponent)."""
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def at_most(name: str, value: float | None, unit: str, limit: float) -> Figure:
    ok = None if value is None else value <= limit
    return Figure(name, value, unit, f"<= {limit:g} {unit}", ok)


def at_least(name: str, value: float | None, unit: str, limit: float) -> Figure:
    ok = None if value is None else value >= limit
    return Figure(name, value, unit, f">= {limit:g} {unit}", ok)


def plain(name: str, value: float | None, unit: str) -> Figure:
    return Figure(name, value, unit, "", None)


def report(figures: Sequence[Figure], header: Sequence[str]) -> str:
    """The printed table: the header lines, then one line per figure, then the tally."""
    judged = [f for f in figures if f.ok is not None]
    met = sum(1 for f in judged if f.ok)
    lines = [*header, "", f"{'figure':<58}{'value':>20}  {'target':<28}verdict"]
    lines += [figure.line() for figure in figures]
    lines.append(f"\n{met} of {len(judged)} targets met")
    return "\n".join(lines)


def ratio(value: float | None, reference: float | None) -> float | None:
    if value is None or not reference:
        return None
    return value / reference


def _median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


# -- the database and the data (in a child process: Django set up with the bench's settings)


def _seed() -> None:
    """Seed the rounds and the long game, record three deals at each table of the rounds,
    count the dashboard's queries and time an uncached live results page; prints JSON."""
    import django

    django.setup()
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.selectors import AHEAD_DEALS
    from games.services.deals import deal_record
    from tools.loadtest.seed import load_data_create
    from tournaments.models import Table

    big = load_data_create(tables=BIG_ROUND, online=0, officials=1)
    small = load_data_create(tables=SMALL_ROUND, online=0, officials=1)
    long = load_data_create(tables=1, online=0, letters=LONG_WORD)
    for data in (big, small):
        for table in Table.objects.filter(round_id=data.round_id).select_related("line_judge"):
            for number in range(1, 4):
                deal_record(
                    by=table.line_judge, table=table, number=number, losers=["ABCD"[number % 4]]
                )
    host = "127.0.0.1"  # the bench's allowed host
    director = Client(HTTP_HOST=host)
    director.cookies["sessionid"] = big.officials[0].sessionid
    small_director = Client(HTTP_HOST=host)
    small_director.cookies["sessionid"] = small.officials[0].sessionid

    def queries(client: Client, slug: str) -> int:
        client.get(f"/tournaments/{slug}/rounds/1/dashboard/")  # warm: the same as a reload
        with CaptureQueriesContext(connection) as captured:
            answer = client.get(f"/tournaments/{slug}/rounds/1/dashboard/")
        assert answer.status_code == 200, answer.status_code
        return len(captured.captured_queries)

    public, cpu = Client(HTTP_HOST=host), []
    for _ in range(7):
        cache.clear()  # nothing kept: the page is built from what the writes stored
        started = time.process_time()
        answer = public.get(f"/tournaments/{big.tournament_slug}/results/")
        cpu.append((time.process_time() - started) * 1000)
        assert answer.status_code == 200, answer.status_code
    table_id, judge = big.tables[0]
    long_table, long_judge = long.tables[0]
    print(
        json.dumps(
            {
                "slug": big.tournament_slug,
                "ahead": AHEAD_DEALS,
                "table": table_id,
                "judge": judge.cookie,
                "director": big.officials[0].cookie,
                "long_table": long_table,
                "long_judge": [long_judge.cookie, long_judge.csrftoken],
                "queries_big": queries(director, big.tournament_slug),
                "queries_small": queries(small_director, small.tournament_slug),
                "live_cpu_ms": sorted(cpu)[1:-1],  # the extremes dropped
            }
        )
    )


# -- measuring over HTTP through nginx ----------------------------------------------------


def _get(http_: Http, path: str, cookie: str | None) -> float:
    status, _body, took = http_.request("GET", path, headers={"Cookie": cookie} if cookie else {})
    if status != 200:
        raise SystemExit(f"{path} answered {status}")
    return took


def rate(url: str, path: str, cookie: str | None, seconds: float, concurrency: int = 4) -> float:
    """Requests per second of ``concurrency`` keep-alive clients for ``seconds``."""
    stop = time.monotonic() + seconds
    counts = [0] * concurrency

    def client(n: int) -> None:
        http_ = Http(url)
        while time.monotonic() < stop:
            _get(http_, path, cookie)
            counts[n] += 1

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(counts) / (time.monotonic() - started)


def _deals(url: str, seed: dict[str, Any], bare: str) -> list[Figure]:
    """The long game's deals as the table page records them, each followed by the bare view."""
    cookie, csrf = seed["long_judge"]
    path = f"/api/games/tables/{seed['long_table']}/deals/?ahead={seed['ahead']}"
    headers = {"Cookie": cookie, "X-CSRFToken": csrf}
    http_, deals, bares = Http(url), [], []
    number, players = 1, ["A", "B", "C", "D"]
    for _ in range(LONG_DEALS):
        payload = {"number": number, "losers": [players[number % len(players)]]}
        status, body, took = http_.request("POST", path, payload, headers)
        if status != 201:
            raise SystemExit(f"deal {number} answered {status}: {body[:200]!r}")
        deals.append(took * 1000)
        bares.append(_get(http_, bare, None) * 1000)
        state = json.loads(body)
        number, players = state["next_deal"]["number"], state["next_deal"]["players"]
    deal, reference = _median(deals), _median(bares)
    early, late = _median(deals[:10]), _median(deals[60:70])
    return [
        plain("bare view, median (ms, between the deals)", reference, "ms"),
        plain(f"deal recorded with ?ahead={seed['ahead']}, median (ms)", deal, "ms"),
        at_most("deal with look-ahead / bare view (medians)", ratio(deal, reference), "x", 3),
        at_most("deals 61-70 / deals 1-10 (medians)", ratio(late, early), "x", 1.2),
    ]


def _pages(url: str, seed: dict[str, Any], bare: str, seconds: float) -> list[Figure]:
    slug = seed["slug"]
    paths: list[tuple[str, str, str | None]] = [
        ("bare", bare, None),
        ("table page", f"/games/tables/{seed['table']}/", seed["judge"]),
        ("dashboard", f"/tournaments/{slug}/rounds/1/dashboard/", seed["director"]),
        ("live signed in", f"/tournaments/{slug}/results/", seed["judge"]),
    ]
    rates: dict[str, list[float]] = {name: [] for name, _path, _cookie in paths}
    for _name, path, cookie in paths:  # warm every process's caches and imports
        for _ in range(3):
            _get(Http(url), path, cookie)
    for _round in range(2):  # alternating, so a slow moment of the machine hits all alike
        for name, path, cookie in paths:
            rates[name].append(rate(url, path, cookie, seconds))
    bare_rate = _median(rates["bare"])

    def share(name: str) -> float | None:
        return ratio(_median(rates[name]), bare_rate)

    queries_big, queries_small = seed["queries_big"], seed["queries_small"]
    return [
        *(plain(f"{name} (requests/s, 4 clients)", _median(rates[name]), "/s") for name in rates),
        at_least("table page (signed in) / bare view (rates)", share("table page"), "x", 0.3),
        at_least(
            f"round dashboard, {BIG_ROUND} tables (director) / bare view",
            share("dashboard"),
            "x",
            0.2,
        ),
        Figure(
            f"dashboard queries: {BIG_ROUND} tables vs {SMALL_ROUND} tables",
            float(queries_big),
            f"(vs {queries_small})",
            "the same",
            queries_big == queries_small,
        ),
        at_least("live results signed in / bare view (rates)", share("live signed in"), "x", 0.5),
        at_most(
            f"uncached live results, {BIG_ROUND} tables: CPU (median)",
            _median(seed["live_cpu_ms"]),
            "ms",
            30,
        ),
    ]


def _load(url: str, env: dict[str, str], bare: str, seconds: float, hogs: int) -> list[Figure]:
    figures: list[Figure] = []
    for run in (1, 2):
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            command = [
                sys.executable, "-m", "tools.loadtest", "--url", url, "--seconds", str(seconds),
                "--database-url", env["DATABASE_URL"], "--redis-url", env["REDIS_URL"],
                "--probe", bare, "--json", out.name, "--cpu-hog", str(hogs),
            ]  # fmt: skip
            done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
            if not Path(out.name).stat().st_size:
                raise SystemExit(f"the load test stopped:\n{done.stdout[-2000:]}{done.stderr}")
            figures += load_figures(run, json.loads(Path(out.name).read_text()))
    return figures


def load_figures(run: int, result: dict[str, Any]) -> list[Figure]:
    """The load test's figures of one run (``--json``): timeouts, 5xx, deals' p95 / bare p95."""
    kinds: dict[str, dict[str, Any]] = result["kinds"]
    timeouts = server_errors = 0
    for kind in kinds.values():
        for reason, count in kind["errors"].items():
            if "timeout" in reason.lower():
                timeouts += count
            elif reason.startswith("HTTP 5"):
                server_errors += count
    deal = _measured(kinds.get("deal record", {}).get("p95_ms"))
    probe = _measured(
        next((k["p95_ms"] for name, k in kinds.items() if name.startswith("probe")), None)
    )
    return [
        at_most(f"load test {run}: timeouts", float(timeouts), "", 0),
        at_most(f"load test {run}: 5xx answers", float(server_errors), "", 0),
        plain(f"load test {run}: deal p95 (ms)", deal, "ms"),
        plain(f"load test {run}: bare view p95 (ms)", probe, "ms"),
        at_most(f"load test {run}: deal p95 / bare view p95", ratio(deal, probe), "x", 10),
        Figure(
            f"load test {run}: every deal once, standings right (1 = yes)",
            float(bool(result["exactly_once"] and result["standings"])),
            "",
            "1",
            bool(result["exactly_once"] and result["standings"]),
        ),
    ]


def _measured(value: float | None) -> float | None:
    """None for no figure: the load test's percentile of no answer at all is NaN."""
    return None if value is None or math.isnan(value) else value


def _online(url: str, env: dict[str, str], tables: int, seconds: float) -> list[Figure]:
    from tools.bench import online

    made = subprocess.run(
        [sys.executable, "-m", "tools.bench.online", "--setup", str(tables), "--hard", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    games = [tuple(game) for game in json.loads(made.stdout)]
    port = urlsplit(url).port or 80
    result = asyncio.run(online.drive(port, games, seconds, think=2.0))  # type: ignore[arg-type]
    rtts = sorted(rtt * 1000 for rtt in result["rtts"])
    p95 = rtts[min(len(rtts) - 1, int(len(rtts) * 0.95))] if rtts else None
    per_second = result["versions"] / result["elapsed"]
    return [
        plain(f"online, {tables} tables: actions applied per second", per_second, "/s"),
        at_most(f"online, {tables} tables, 2 s think: round trip median", _median(rtts), "ms", 50),
        at_most(f"online, {tables} tables, 2 s think: round trip p95", p95, "ms", 250),
        at_most(f"online, {tables} tables: stalled tables", result["stalled"], "", 0),
    ]


# -- the run --------------------------------------------------------------------------------


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.bench.matchday", description=__doc__)
    parser.add_argument("--port", type=int, default=8140, help="nginx; the next two: servers")
    parser.add_argument("--seconds", type=float, default=4, help="each rate measurement")
    parser.add_argument("--load-seconds", type=float, default=30, help="each load test run")
    parser.add_argument("--online-tables", type=int, default=500)
    parser.add_argument("--online-seconds", type=float, default=30)
    parser.add_argument("--cpu-hog", type=int, default=0, help="busy processes in the load tests")
    parser.add_argument("--skip", nargs="*", choices=PARTS, default=[])
    parser.add_argument("--log-dir", type=Path, default=ROOT / "test-artifacts" / "matchday")
    parser.add_argument("--seed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 60 or not 0 < args.load_seconds <= 300:
        parser.error("the run is bounded: --seconds in (0, 60], --load-seconds in (0, 300]")
    return args


def bench_database_url(url: str) -> str:
    """``url`` itself when it names a bench database, else its server's bench database."""
    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if name.startswith(BENCH_DATABASES):
        return url
    return urlunsplit(parts._replace(path=f"/{DEFAULT_DATABASE}"))


def _environment() -> dict[str, str]:
    database = bench_database_url(
        os.environ.get("DATABASE_URL") or f"postgres://postgres@127.0.0.1:5432/{DEFAULT_DATABASE}"
    )
    env = environment(database, os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/7")
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "tools.bench.matchday_settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            # Every client is 127.0.0.1 and a few users: the rates measure the pages.
            "SCWU_API_RATE_ANON": "off",
            "SCWU_API_RATE_USER": "off",
            "SCWU_NGINX_RATE": "off",
        }
    )
    return env


def _timed(name: str, step: Callable[[], list[Figure]]) -> list[Figure]:
    started = time.monotonic()
    print(f"… {name}", flush=True)
    figures = step()
    print(f"  {name}: {time.monotonic() - started:.0f} s", flush=True)
    return figures


def main(argv: list[str] | None = None) -> None:
    args = _arguments(argv)
    if args.seed:
        _seed()
        return
    env = _environment()
    started_load = os.getloadavg()
    print(f"database {env['DATABASE_URL']}: recreating, migrating, seeding …", flush=True)
    database_recreate(env["DATABASE_URL"], prefixes=BENCH_DATABASES)
    migrate(env)
    collectstatic(env)  # debug is off: the pages rendered while seeding need the files
    made = subprocess.run(
        [sys.executable, "-m", "tools.bench.matchday", "--seed"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if made.returncode:
        raise SystemExit(f"seeding failed:\n{made.stderr[-3000:]}")
    seed = json.loads(made.stdout.strip().splitlines()[-1])
    bare = BARE_PATH.format(slug=seed["slug"])
    figures: list[Figure] = []
    with running(env, args.port, args.log_dir, topology=True) as url:
        try:
            if "deals" not in args.skip:
                figures += _timed("deals", lambda: _deals(url, seed, bare))
            if "pages" not in args.skip:
                figures += _timed("pages", lambda: _pages(url, seed, bare, args.seconds))
            # The online tables before the load tests: the jobs those queue (each deal's
            # analysis) keep the worker busy for minutes after them.
            if "online" not in args.skip:
                figures += _timed(
                    "online",
                    lambda: _online(url, env, args.online_tables, args.online_seconds),
                )
            if "load" not in args.skip:
                figures += _timed(
                    "load", lambda: _load(url, env, bare, args.load_seconds, args.cpu_hog)
                )
        except NETWORK_ERRORS as exc:
            raise SystemExit(f"the topology stopped answering: {exc!r}") from exc
    header = [
        "match day bench: production topology (nginx, gunicorn, uvicorn, Celery worker and "
        "beat) on PostgreSQL and Redis, every process and the clients on this machine",
        f"cores {os.cpu_count()}, load average (1/5/15 min) before "
        + "/".join(f"{n:.1f}" for n in started_load)
        + ", after "
        + "/".join(f"{n:.1f}" for n in os.getloadavg())
        + (f"; load tests beside {args.cpu_hog} busy processes" if args.cpu_hog else ""),
    ]
    print(report(figures, header))


if __name__ == "__main__":
    main()
