"""``python -m tools.loadtest --seconds 60``: set up, run, report, verify."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tools.loadtest.hog import cpu_hogs
from tools.loadtest.stack import DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, ROOT

if TYPE_CHECKING:  # Django is set up only after the environment is chosen
    from tools.loadtest.seed import Session
    from tools.loadtest.stats import Recorder


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.loadtest", description=__doc__)
    parser.add_argument("--seconds", type=float, default=60, help="length of the run")
    parser.add_argument("--tables", type=int, default=50, help="line judges recording deals")
    parser.add_argument("--readers", type=int, default=500, help="spectators on the live pages")
    parser.add_argument("--online", type=int, default=100, help="online tables with 3 bots each")
    parser.add_argument("--judge-think", type=float, default=1.0, help="seconds between deals")
    parser.add_argument("--reader-think", type=float, default=5.0, help="seconds between loads")
    parser.add_argument(
        "--online-think",
        type=float,
        default=1.0,
        help="seconds the online player takes over a move (0: at once, a stress run that "
        "keeps the machine saturated and measures only its queue)",
    )
    parser.add_argument(
        "--officials",
        type=int,
        default=5,
        help="signed-in officials on the round dashboard: the director, the head referee, "
        "then referees",
    )
    parser.add_argument(
        "--official-think", type=float, default=5.0, help="seconds between an official's loads"
    )
    parser.add_argument("--resend-share", type=float, default=0.1, help="deals resent on purpose")
    parser.add_argument(
        "--cpu-hog",
        type=int,
        default=0,
        metavar="N",
        help="run N busy processes beside the stack for the run (a machine doing other work)",
    )
    parser.add_argument(
        "--probe",
        action="append",
        default=[],
        metavar="PATH",
        help="also fetch PATH (signed out) by one client every --probe-think seconds, "
        "reported as 'probe PATH' (a benchmark's reference view under the same load)",
    )
    parser.add_argument("--probe-think", type=float, default=0.2)
    parser.add_argument(
        "--json", type=Path, help="also write the figures per kind and the checks to this file"
    )
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument(
        "--database-url", default=os.environ.get("LOADTEST_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument(
        "--redis-url", default=os.environ.get("LOADTEST_REDIS_URL", DEFAULT_REDIS_URL)
    )
    parser.add_argument(
        "--url",
        help="use a stack already serving here (started with the same DATABASE_URL and "
        "REDIS_URL) instead of starting Daphne and a worker; the database is then kept",
    )
    parser.add_argument(
        "--topology",
        action="store_true",
        help="start the production topology (deploy/Procfile: nginx, gunicorn, uvicorn, "
        "Celery worker and beat, debug off) instead of Daphne and a worker",
    )
    parser.add_argument("--log-dir", type=Path, default=ROOT / "test-artifacts")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 900:
        parser.error("--seconds must be in (0, 900]: the run is bounded")
    return args


def _run_online(
    base_url: str,
    games: list[tuple[int, Session]],
    recorder: Recorder,
    until: float,
    think: float,
) -> None:
    from tools.loadtest.users import online_player

    async def everyone() -> None:
        await asyncio.gather(
            *(
                online_player(
                    base_url=base_url,
                    game_id=game_id,
                    session=session,
                    recorder=recorder,
                    until=until,
                    think=think,
                )
                for game_id, session in games
            )
        )

    asyncio.run(everyone())


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    from tools.loadtest import stack

    env = stack.environment(args.database_url, args.redis_url)
    os.environ.update(
        {
            key: env[key]
            for key in (
                "DATABASE_URL",
                "REDIS_URL",
                "DJANGO_SETTINGS_MODULE",
                "DJANGO_LOG_LEVEL",
                "DJANGO_SECRET_KEY",
                "DJANGO_ALLOWED_HOSTS",
            )
        }
    )
    if not args.url:
        print(f"preparing a fresh database {args.database_url} …", flush=True)
        stack.database_recreate(args.database_url)
        stack.migrate(env)

    import django

    django.setup()
    from tools.loadtest import seed, users, verify
    from tools.loadtest.stats import Recorder

    online = args.online if seed.online_available() else 0
    started = time.monotonic()
    data = seed.load_data_create(tables=args.tables, online=online, officials=args.officials)
    print(f"seeded {seed.as_dict(data)} in {time.monotonic() - started:.1f} s", flush=True)

    def run(base_url: str) -> int:
        recorder, ledger, stop = Recorder(), users.DealLedger(), threading.Event()
        tournament = f"/tournaments/{data.tournament_slug}"
        pages = [f"{tournament}/rounds/1/dashboard/", f"{tournament}/results/"]  # seed: round 1
        threads = [
            threading.Thread(
                target=users.judge,
                kwargs={
                    "base_url": base_url,
                    "table_id": table_id,
                    "session": session,
                    "recorder": recorder,
                    "ledger": ledger,
                    "stop": stop,
                    "think": args.judge_think,
                    "resend_share": args.resend_share,
                    "seed": n,
                },
                daemon=True,
            )
            for n, (table_id, session) in enumerate(data.tables)
        ]
        threads += [
            threading.Thread(
                target=users.reader,
                kwargs={
                    "base_url": base_url,
                    "paths": pages,
                    "recorder": recorder,
                    "stop": stop,
                    "think": args.reader_think,
                    "seed": 10_000 + n,
                },
                daemon=True,
            )
            for n in range(args.readers)
        ]
        threads += [
            threading.Thread(
                target=users.reader,
                kwargs={
                    "base_url": base_url,
                    "paths": [pages[0]],
                    "recorder": recorder,
                    "stop": stop,
                    "think": args.official_think,
                    "seed": 20_000 + n,
                    "session": session,
                    "kind_of": "official",
                },
                daemon=True,
            )
            for n, session in enumerate(data.officials)
        ]
        threads += [
            threading.Thread(
                target=users.reader,
                kwargs={
                    "base_url": base_url,
                    "paths": [path],
                    "recorder": recorder,
                    "stop": stop,
                    "think": args.probe_think,
                    "seed": 30_000 + n,
                    "kind_of": "probe",
                },
                daemon=True,
            )
            for n, path in enumerate(args.probe)
        ]
        until = time.monotonic() + args.seconds
        if data.online:
            threads.append(
                threading.Thread(
                    target=_run_online,
                    args=(base_url, data.online, recorder, until, args.online_think),
                    daemon=True,
                )
            )
        print(
            f"running {args.seconds:.0f} s: {len(data.tables)} judges, {args.readers} readers, "
            f"{len(data.officials)} officials, {len(data.online)} online tables against "
            f"{base_url}" + (f", beside {args.cpu_hog} busy processes" if args.cpu_hog else ""),
            flush=True,
        )
        with cpu_hogs(args.cpu_hog):
            began = time.monotonic()
            for thread in threads:
                thread.start()
            stop.wait(args.seconds)
            stop.set()
            for thread in threads:
                thread.join(timeout=60)
            elapsed = time.monotonic() - began
        print(f"\n== load ({elapsed:.1f} s)\n{recorder.report(elapsed)}")
        deals = verify.deals_check(ledger, data.tournament_id)
        print(
            f"\n== deals\nsent {deals.sent} (+{deals.resent_on_purpose} resent on purpose with the "
            f"same key), acknowledged {deals.acknowledged}, recorded {deals.recorded}; recorded "
            f"twice {deals.recorded_twice}, acknowledged but missing "
            f"{deals.acknowledged_but_missing}, "
            f"without a key {deals.without_key}, tables with a gap {deals.gaps}"
        )
        standings_ok, detail = verify.standings_check(data.tournament_id)
        print(f"\n== standings\n{detail}")
        ok = deals.ok and standings_ok
        if args.json is not None:
            figures = {
                "seconds": elapsed,
                "kinds": recorder.summary(elapsed),
                "exactly_once": deals.ok,
                "standings": standings_ok,
            }
            args.json.write_text(json.dumps(figures, indent=1))
        verdict = "PASSED" if ok else "FAILED"
        once = "yes" if deals.ok else "NO"
        print(f"\n{verdict}: exactly once {once}, standings {'yes' if standings_ok else 'NO'}")
        return 0 if ok else 1

    if args.url:
        return run(args.url.rstrip("/"))
    with stack.running(env, args.port, args.log_dir, topology=args.topology) as base_url:
        return run(base_url)
