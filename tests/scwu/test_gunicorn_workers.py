"""The production gunicorn settings (``deploy/gunicorn.conf.py``) spread connections over
the workers: a worker that holds its share stops accepting, so the next one takes the rest
instead of queueing them behind its own threads."""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.integration.servers import ROOT, free_port, wait_listening

#: Long enough that every connection is open before the first answer.
ANSWER_SECONDS = 0.6
APP = f"""
import os, time

def app(environ, start_response):
    time.sleep({ANSWER_SECONDS})
    body = str(os.getpid()).encode()
    start_response("200 OK", [("Content-Length", str(len(body)))])
    return [body]
"""


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[int]:
    """gunicorn with the production settings: two workers of one thread each."""
    (tmp_path / "pid_app.py").write_text(APP)
    port = free_port()
    env = dict(os.environ)
    env.update(
        SCWU_WEB_BIND=f"127.0.0.1:{port}",
        SCWU_WEB_WORKERS="2",
        SCWU_WEB_THREADS="1",
        SCWU_WEB_ACCESS_LOG="",
    )
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            str(ROOT / "deploy" / "gunicorn.conf.py"),
            "--chdir",
            str(tmp_path),
            "pid_app:app",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_listening(port, server, "gunicorn")
        yield port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def _answering_pid(port: int) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/")
        return int(connection.getresponse().read())
    finally:
        connection.close()


def test_connections_arriving_together_are_shared_evenly_by_the_workers(
    two_workers: int,
) -> None:
    # One thread each: a worker holds at most three connections (worker_connections), so six
    # arriving together are answered three by each; with gunicorn's default (1,000), whichever
    # worker woke first could take them all and answer them one after another.
    with ThreadPoolExecutor(max_workers=6) as pool:
        pids = list(pool.map(lambda _: _answering_pid(two_workers), range(6)))
    assert sorted(Counter(pids).values()) == [3, 3]
