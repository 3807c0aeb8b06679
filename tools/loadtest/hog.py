"""Busy processes beside the stack under test, to show how it behaves on a loaded machine
(other work sharing the cores, as at an event whose server also runs other jobs)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

#: A process that spins on one core until it is stopped.
SPIN = "while True:\n    pass\n"


@contextmanager
def cpu_hogs(count: int) -> Iterator[list[int]]:
    """``count`` processes each keeping a core busy for the block; yields their ids."""
    hogs = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(max(0, count))]
    try:
        yield [hog.pid for hog in hogs]
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait(timeout=10)
