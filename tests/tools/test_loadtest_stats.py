"""The load test's figures: nearest-rank percentiles and the per-kind report."""

from __future__ import annotations

import math

from tools.loadtest.stats import Recorder, percentile


def test_percentiles_are_nearest_rank() -> None:
    values = [float(n) for n in range(1, 101)]
    assert percentile(values, 0.50) == 50
    assert percentile(values, 0.95) == 95
    assert percentile(values, 0.99) == 99
    assert percentile([7.0], 0.99) == 7
    assert math.isnan(percentile([], 0.5))


def test_the_report_counts_successes_and_errors_per_kind() -> None:
    recorder = Recorder()
    for ms in (10, 20, 30, 40):
        recorder.ok("deal record", ms / 1000)
    recorder.error("deal record", "HTTP 503")
    recorder.error("page games", "ConnectionResetError")
    lines = recorder.report(seconds=2).splitlines()
    deal = next(line for line in lines if line.startswith("deal record"))
    assert deal.split()[2:5] == ["4", "2.0", "20"]  # ok, per second, p50 ms
    assert deal.endswith("HTTP 503: 1")
    page = next(line for line in lines if line.startswith("page games"))
    assert page.split()[2] == "0"
    assert page.endswith("ConnectionResetError: 1")
