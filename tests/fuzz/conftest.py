from __future__ import annotations

from collections import Counter

import pytest

#: Cases run by tests/fuzz/test_api_schemathesis.py, by who asked (public, administrator).
_CASES: Counter[str] = Counter()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # user_properties travel with the report, so this also counts cases run by xdist workers.
    if report.when == "call":
        _CASES.update(str(v) for k, v in report.user_properties if k == "schemathesis_case")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _CASES:
        each = ", ".join(f"{who} {n}" for who, n in sorted(_CASES.items()))
        terminalreporter.write_line(f"schemathesis cases: {_CASES.total()} ({each})")
