from __future__ import annotations

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Report the size of the declared permission matrix (rules x roles)."""
    from tests.security.policy import matrix_size

    terminalreporter.write_line(
        "permission matrix: {cells} cells ({rules} rules over {endpoints} write endpoints"
        " x {roles} roles)".format(**matrix_size())
    )
