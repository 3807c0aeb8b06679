"""Stopping and starting the real services for the fault tests.

Every stop is paired with a start that the tests call in ``finally`` (or use through the
context managers here), so a failing assertion never leaves Redis or PostgreSQL down for
the rest of the CI run. The start commands are the machine's own (see the environment
notes), so the restarted services are the ones ``.ci/run`` found.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def _redis_address() -> tuple[str, str]:
    """The host and port of the Redis the settings use (CI's is 127.0.0.1:6379)."""
    url = urlsplit(settings.REDIS_URL or "redis://127.0.0.1:6379/0")
    return url.hostname or "127.0.0.1", str(url.port or 6379)


def _redis_start_command() -> list[str]:
    host, port = _redis_address()
    return [
        "redis-server",
        "--daemonize",
        "yes",
        "--bind",
        host,
        *(["-::1"] if host == "127.0.0.1" else []),
        "--port",
        port,
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        "/var/lib/redis",
        "--logfile",
        "/var/log/redis/ci.log",
    ]


def wait_until(check: Callable[[], bool], *, timeout: float, what: str, every: float = 0.2) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def _quiet(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


# -- Redis --------------------------------------------------------------------------------


def redis_is_up() -> bool:
    host, port = _redis_address()
    return "PONG" in _quiet("redis-cli", "-h", host, "-p", port, "ping").stdout


def redis_stop() -> None:
    host, port = _redis_address()
    _quiet("redis-cli", "-h", host, "-p", port, "shutdown", "nosave")
    wait_until(lambda: not redis_is_up(), timeout=15, what="Redis to stop")


def redis_start() -> None:
    if redis_is_up():
        return
    os.makedirs("/var/lib/redis", exist_ok=True)
    os.makedirs("/var/log/redis", exist_ok=True)
    _quiet(*_redis_start_command())
    wait_until(redis_is_up, timeout=30, what="Redis to start")


@contextmanager
def redis_down() -> Iterator[None]:
    redis_stop()
    try:
        yield
    finally:
        redis_start()


# -- PostgreSQL ---------------------------------------------------------------------------


def _pg_version() -> str:
    return sorted(os.listdir("/etc/postgresql"))[0]


def postgres_is_up() -> bool:
    return _quiet("pg_isready", "-q", "-h", "127.0.0.1", "-p", "5432").returncode == 0


def postgres_restart() -> None:
    """Restart the cluster (every open connection is cut) and wait until it answers."""
    try:
        _quiet("pg_ctlcluster", "--skip-systemctl-redirect", _pg_version(), "main", "restart")
    finally:
        if not postgres_is_up():
            _quiet("pg_ctlcluster", "--skip-systemctl-redirect", _pg_version(), "main", "start")
        wait_until(postgres_is_up, timeout=60, what="PostgreSQL to answer")


# -- a Celery worker of the test's own ------------------------------------------------------


@dataclass
class Worker:
    """A worker subprocess consuming one private queue, so that stopping it never stops
    the worker ``.ci/run`` shares with every other integration test."""

    queue: str
    log: Path
    process: subprocess.Popen[bytes] | None = None
    log_offset: int = 0

    @property
    def nodename(self) -> str:
        return f"{self.queue}@localhost"

    def start(self) -> None:
        assert self.process is None, "already running"
        env = dict(os.environ)
        # The worker must use the test database pytest-django created.
        env["DATABASE_URL"] = (
            f"postgres://{connection.settings_dict['USER'] or 'postgres'}@"
            f"{connection.settings_dict['HOST'] or '127.0.0.1'}:"
            f"{connection.settings_dict['PORT'] or 5432}/{connection.settings_dict['NAME']}"
        )
        env["REDIS_URL"] = settings.REDIS_URL
        offset = self.log_offset = self.log.stat().st_size if self.log.exists() else 0
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    str(ROOT / ".venv" / "bin" / "celery"),
                    "-A",
                    "scwu.config",
                    "worker",
                    "--loglevel=info",
                    "--concurrency=1",
                    "--without-gossip",
                    "--without-mingle",
                    "-Q",
                    self.queue,
                    "-n",
                    self.nodename,
                ],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: killpg reaches the pool too
            )

        def ready() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(f"worker exited; see {self.log}")
            return b" ready." in self.log.read_bytes()[offset:]

        wait_until(ready, timeout=60, what="the test worker to be ready")

    def log_since_start(self) -> bytes:
        return self.log.read_bytes()[self.log_offset :]

    def kill(self) -> None:
        """SIGKILL the whole worker (main process and pool), as the OOM killer would."""
        if self.process is None:
            return
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            self.kill()
        self.process = None


@contextmanager
def private_worker(log_dir: Path) -> Iterator[Worker]:
    """A worker object for a fresh private queue; whatever happens, it is stopped at the end."""
    log_dir.mkdir(parents=True, exist_ok=True)
    worker = Worker(queue=f"faults-{uuid.uuid4().hex[:8]}", log=log_dir / "fault-worker.log")
    try:
        yield worker
    finally:
        worker.stop()
