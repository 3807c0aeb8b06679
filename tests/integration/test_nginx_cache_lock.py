"""The production nginx (``deploy/nginx.conf.template``) in front of a slow upstream.

A crowd opening a live page that is not cached yet costs one render: the others wait for
its answer. Any other address is never made to wait in turn, since nginx cannot know
before the answer whether it may keep it.

Finding 2 (hardening round three), in front of Django: nginx refuses a flood of anonymous API
calls from one address with 429 and paces requests that carry credentials, before the site
spends anything on them; signed-in browsers are left to the site's own per-user rate.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest

from scwu.topology import Front, nginx_command, nginx_write
from tests.integration.servers import free_port, wait_listening

pytestmark = pytest.mark.integration

#: How long the upstream takes over each answer: long enough for the crowd to arrive first.
RENDER_SECONDS = 0.5
CROWD = 12


class SlowUpstream(BaseHTTPRequestHandler):
    """Answers every GET after ``RENDER_SECONDS``, public and cacheable under ``/tournaments/``
    and private elsewhere, counting the requests that reach it by path."""

    seen: Counter[str] = Counter()
    lock = threading.Lock()

    def do_GET(self) -> None:
        with self.lock:
            self.seen[self.path] += 1
        time.sleep(RENDER_SECONDS)
        body = b"rendered"
        self.send_response(200)
        shared = self.path.startswith("/tournaments/")
        self.send_header("Cache-Control", "public, max-age=2" if shared else "private, no-cache")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def front() -> Iterator[str]:
    # Not under pytest's tmp_path: its folders are private to us, and nginx started as root
    # runs its workers as another user, which must reach the cache folder.
    run_dir = Path(tempfile.mkdtemp(prefix="scwu-nginx-"))
    run_dir.chmod(0o755)
    upstream = ThreadingHTTPServer(("127.0.0.1", free_port()), SlowUpstream)
    SlowUpstream.seen.clear()
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    address = f"127.0.0.1:{upstream.server_address[1]}"
    front = Front(
        listen=f"127.0.0.1:{free_port()}",
        web=[address],
        ws=[address],
        run_dir=run_dir,
        static_root=run_dir,
        media_root=run_dir,
        workers="1",
    )
    nginx = subprocess.Popen(nginx_command(nginx_write(front)))
    try:
        wait_listening(int(front.listen.rsplit(":", 1)[1]), nginx, "nginx")
        yield f"http://{front.listen}"
    finally:
        nginx.send_signal(signal.SIGQUIT)
        nginx.wait(timeout=15)
        upstream.shutdown()
        upstream.server_close()
        shutil.rmtree(run_dir, ignore_errors=True)


def crowd(url: str) -> tuple[list[bytes], float]:
    """``CROWD`` spectators asking for ``url`` at once: their answers and the wall time."""
    started = time.monotonic()
    with ThreadPoolExecutor(CROWD) as pool:
        answers = list(pool.map(lambda _: urlopen(url, timeout=30).read(), range(CROWD)))
    return answers, time.monotonic() - started


@pytest.mark.parametrize(
    "path",
    [
        "/tournaments/open-2026/results/",
        "/tournaments/open-2026/results/poll/?part=live&since=7",
        "/tournaments/open-2026/rounds/3/dashboard/",
    ],
)
def test_a_crowd_at_a_live_page_not_yet_cached_costs_one_render(front: str, path: str) -> None:
    answers, _took = crowd(front + path)
    assert answers == [b"rendered"] * CROWD
    assert SlowUpstream.seen[path] == 1


def test_a_crowd_at_a_live_page_past_its_age_gets_the_stale_copy_at_once(front: str) -> None:
    path = "/tournaments/open-2026/results/projector/"
    assert crowd(front + path)[0] == [b"rendered"] * CROWD  # cached: one render
    time.sleep(2.5)  # past the page's max-age
    answers, took = crowd(front + path)
    assert answers == [b"rendered"] * CROWD
    # Nobody waited for the new render: one request refreshes it in the background.
    assert took < RENDER_SECONDS
    # ... and once: however busy the machine, the refresh arrives, and no second one.
    deadline = time.monotonic() + 10
    while SlowUpstream.seen[path] < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(RENDER_SECONDS * 2)
    assert SlowUpstream.seen[path] == 2


def test_a_crowd_at_any_other_address_is_served_side_by_side(front: str) -> None:
    path = "/api/players/?page=2"
    answers, took = crowd(front + path)
    assert answers == [b"rendered"] * CROWD
    assert SlowUpstream.seen[path] == CROWD
    # In turn, twelve answers would take six seconds; side by side, about one render.
    assert took < CROWD * RENDER_SECONDS / 2


FLOOD = 40  # at once; nginx lets a burst of 20 past its 5 a second


def _flood(url: str, headers: dict[str, str]) -> list[int]:
    def one(_: int) -> int:
        try:
            with urlopen(Request(url, headers=headers), timeout=60) as answer:
                return int(answer.status)
        except HTTPError as exc:
            return int(exc.code)

    with ThreadPoolExecutor(FLOOD) as pool:
        return list(pool.map(one, range(FLOOD)))


def test_finding_02_nginx_refuses_an_anonymous_api_flood_from_one_address(front: str) -> None:
    path = "/api/words/?flood=anonymous"
    statuses = _flood(front + path, {})
    assert statuses.count(429) >= FLOOD - 21
    assert SlowUpstream.seen[path] <= 21  # the refused ones never reached the site


def test_finding_02_nginx_lets_signed_in_browsers_through(front: str) -> None:
    path = "/api/words/?flood=signed-in"
    statuses = _flood(front + path, {"Cookie": "sessionid=abc"})
    assert statuses == [200] * FLOOD


def test_finding_02_nginx_paces_made_up_credentials(front: str) -> None:
    path = "/api/words/?flood=credentials"
    statuses = _flood(
        front + path, {"Authorization": "Token scwu_made-up", "Cookie": "sessionid=x"}
    )
    # a burst of 20 goes on (in turn, five a second), the rest are refused unforwarded
    assert statuses.count(429) >= FLOOD - 21
    assert SlowUpstream.seen[path] <= 21


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/online/7/deals/2/analysis/?seat=B",
        "/online/7/deals/2/review/?seat=B",
        "/cs/games/deals/9/review/",
    ],
)
def test_finding_02_nginx_holds_anonymous_analyses_to_one_a_second(front: str, path: str) -> None:
    statuses = _flood(front + path, {})
    assert statuses.count(429) >= FLOOD - 6  # a burst of 5 past its one a second
    assert SlowUpstream.seen[path] <= 6
