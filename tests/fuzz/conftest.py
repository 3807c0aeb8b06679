from __future__ import annotations

import pytest

_CASES = {"n": 0}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # user_properties travel with the report, so this also counts cases run by xdist workers.
    if report.when == "call":
        _CASES["n"] += sum(int(v) for k, v in report.user_properties if k == "fuzz_cases")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _CASES["n"]:
        terminalreporter.write_line(f"fuzz cases run: {_CASES['n']}")
