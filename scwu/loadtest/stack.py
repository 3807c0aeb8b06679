"""The stack under test: a fresh PostgreSQL database, Daphne and a Celery worker.

Only loopback addresses are used; every process started here is stopped on the way out.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/scwu_load"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/8"


def environment(database_url: str, redis_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "DJANGO_SETTINGS_MODULE": "scwu.settings",
        }
    )
    env.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    env.setdefault("DATABASE_POOL_SIZE", "20")  # as in production under Daphne (README)
    return env


def database_recreate(database_url: str) -> None:
    """Drop and create the load test's own database (never the one the site uses)."""
    import psycopg

    parts = urlsplit(database_url)
    name = parts.path.lstrip("/")
    if not name.startswith("scwu_load"):
        raise SystemExit(f"refusing to recreate {name!r}: the load test's database is scwu_load*")
    admin = psycopg.connect(
        host=parts.hostname or "127.0.0.1",
        port=parts.port or 5432,
        user=parts.username or "postgres",
        dbname="postgres",
        autocommit=True,
    )
    with admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


def wait_healthy(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    raise SystemExit(f"{url}/healthz did not answer 200 within {timeout:.0f} s")


@contextmanager
def running(env: dict[str, str], port: int, log_dir: Path) -> Iterator[str]:
    """Daphne on 127.0.0.1:``port`` and one Celery worker, for the duration of the block."""
    log_dir.mkdir(parents=True, exist_ok=True)
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for name, command in (
            (
                "daphne",
                [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), "scwu.asgi:application"],
            ),
            (
                "worker",
                [
                    str(BIN / "celery"),
                    "-A",
                    "scwu",
                    "worker",
                    "--loglevel=warning",
                    "--concurrency=1",
                    "--without-gossip",
                    "--without-mingle",
                ],
            ),
        ):
            with (log_dir / f"loadtest-{name}.log").open("wb") as out:
                processes.append(
                    subprocess.Popen(
                        command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
                    )
                )
        url = f"http://127.0.0.1:{port}"
        wait_healthy(url)
        yield url
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
