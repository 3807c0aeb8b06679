"""The load test's additions: figures as data, page kinds, the judges' look-ahead and the
busy processes beside the stack."""

from __future__ import annotations

import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from games.selectors import AHEAD_DEALS
from tools.loadtest import users
from tools.loadtest.hog import cpu_hogs
from tools.loadtest.seed import Session
from tools.loadtest.stats import Recorder


def test_the_summary_gives_each_kinds_figures_and_errors() -> None:
    recorder = Recorder()
    for ms in (10, 20, 30, 40):
        recorder.ok("deal record", ms / 1000)
    recorder.error("deal record", "HTTP 503")
    summary = recorder.summary(seconds=2)
    assert summary["deal record"]["ok"] == 4
    assert summary["deal record"]["per_second"] == 2
    assert summary["deal record"]["p50_ms"] == 20
    assert summary["deal record"]["errors"] == {"HTTP 503": 1}


def test_pages_are_reported_by_their_own_name() -> None:
    assert users._page_name("/tournaments/t/rounds/1/dashboard/") == "dashboard"
    assert users._page_name("/tournaments/t/results/?x=1") == "results"
    assert users._page_name("/games/tables/12/") == "tables"


def test_judges_ask_for_the_look_ahead_as_the_table_page_does() -> None:
    paths: list[str] = []

    class Table(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            paths.append(self.path)
            self.rfile.read(int(self.headers["Content-Length"]))
            body = json.dumps({"deals": [], "next_deal": None}).encode()
            self.send_response(201)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Table)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        users.judge(
            base_url=f"http://127.0.0.1:{server.server_address[1]}",
            table_id=7,
            session=Session("s", "c"),
            recorder=Recorder(),
            ledger=users.DealLedger(),
            stop=threading.Event(),
            think=0,
            resend_share=0,
            seed=1,
        )  # one deal: the answer says the game is over
    finally:
        server.shutdown()
        server.server_close()
    assert paths == [f"/api/games/tables/7/deals/?ahead={AHEAD_DEALS}"]


def test_cpu_hogs_run_for_the_block_only() -> None:
    with cpu_hogs(2) as pids:
        assert len(pids) == 2
        for pid in pids:
            os.kill(pid, 0)  # alive
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        raise AssertionError(f"busy process {pid} still runs")
