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
            "DJANGO_SETTINGS_MODULE": "scwu.config.settings",
        }
    )
    env.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    # With real services and no DJANGO_DEBUG the settings demand the hosts (README): the
    # load test's servers answer on loopback only.
    env.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")
    # The sessions made by the load test sign in on the servers: one key for both.
    env.setdefault("DJANGO_SECRET_KEY", "load-test-only-" + "k" * 40)
    env.setdefault("DATABASE_POOL_SIZE", "20")  # as in production under Daphne (README)
    return env


def database_recreate(database_url: str, prefixes: tuple[str, ...] = ("scwu_load",)) -> None:
    """Drop and create a tool's own database (never the one the site uses): its name must
    start with one of ``prefixes``."""
    import psycopg

    parts = urlsplit(database_url)
    name = parts.path.lstrip("/")
    if not name.startswith(prefixes):
        allowed = ", ".join(f"{prefix}*" for prefix in prefixes)
        raise SystemExit(f"refusing to recreate {name!r}: this tool's database is {allowed}")
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


def collectstatic(env: dict[str, str]) -> None:
    """The static files, collected: with debug off every page needs them."""
    subprocess.run(
        [str(BIN / "python"), "manage.py", "collectstatic", "--noinput", "-v", "0"],
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


def topology_environment(env: dict[str, str], port: int, log_dir: Path) -> dict[str, str]:
    """The production topology (``deploy/Procfile``) on ``port`` (nginx) and the two ports
    after it (gunicorn, uvicorn), with debug off as in production."""
    env = dict(env)
    env.pop("DATABASE_POOL_SIZE", None)  # the Procfile sets it per process
    env.update(
        {
            "DJANGO_DEBUG": "0",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "SCWU_LISTEN": f"127.0.0.1:{port}",
            "SCWU_WEB_BIND": f"127.0.0.1:{port + 1}",
            "SCWU_WEB_UPSTREAMS": f"127.0.0.1:{port + 1}",
            "SCWU_WS_PORT": str(port + 2),
            "SCWU_WS_UPSTREAMS": f"127.0.0.1:{port + 2}",
            "SCWU_RUN_DIR": str(log_dir / "topology"),
        }
    )
    return env


@contextmanager
def running(
    env: dict[str, str], port: int, log_dir: Path, *, topology: bool = False
) -> Iterator[str]:
    """For the duration of the block: Daphne on 127.0.0.1:``port`` and one Celery worker,
    or with ``topology`` the production topology under honcho (nginx on ``port``)."""
    log_dir.mkdir(parents=True, exist_ok=True)
    processes: list[subprocess.Popen[bytes]] = []
    if topology:
        env = topology_environment(env, port, log_dir)
        Path(env["SCWU_RUN_DIR"]).mkdir(parents=True, exist_ok=True)
        collectstatic(env)
        commands = [
            (
                "topology",
                [str(BIN / "honcho"), "-d", str(ROOT), "-f", "deploy/Procfile", "-e", "/dev/null",
                 "start"],
            )
        ]  # fmt: skip
    else:
        commands = [
            (
                "daphne",
                [
                    str(BIN / "daphne"),
                    "-b",
                    "127.0.0.1",
                    "-p",
                    str(port),
                    "scwu.config.asgi:application",
                ],
            ),
            (
                "worker",
                [
                    str(BIN / "celery"),
                    "-A",
                    "scwu.config",
                    "worker",
                    "--loglevel=warning",
                    "--concurrency=1",
                    "--without-gossip",
                    "--without-mingle",
                ],
            ),
        ]
    try:
        for name, command in commands:
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
