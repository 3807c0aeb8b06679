"""CSV written for spreadsheets: a text cell that a spreadsheet would run as a formula
(``=HYPERLINK(...)``, ``@SUM(...)``, ``-2+3+cmd``, ``+...``, a leading tab or carriage
return) is prefixed with ``'`` so it stays text. Numbers are written as they are.

Every CSV writer of the site writes through :func:`csv_writer`.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import IO, Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "|", "%")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def neutralise(value: Any) -> Any:
    """``value`` made safe for a CSV cell (non-strings are left alone)."""
    if (
        isinstance(value, str)
        and value.lstrip(" ").startswith(FORMULA_STARTS)
        and not _NUMBER.fullmatch(value)
    ):
        return "'" + value
    return value


class SafeWriter:
    def __init__(self, out: IO[str], **kwargs: Any) -> None:
        self._writer = csv.writer(out, **kwargs)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([neutralise(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_writer(out: IO[str], **kwargs: Any) -> SafeWriter:
    """Like :func:`csv.writer`, with every text cell neutralised."""
    return SafeWriter(out, **kwargs)
