"""The command-line convention both games follow (``python -m engine [--game smoke] ...``).

* Output: JSON, one object (or array) per line, compact; the human forms (``play``, a
  tally readout as text, ``bench``'s report) are plain text.
* Errors: one line of JSON on standard output, ``{"error": CODE, "detail": TEXT}``, in
  the place of the result (``score --lines`` prints one for each bad record, in order);
  never a traceback.
* Exit status: 0 done; 1 the input is invalid (not JSON, a malformed record, a record
  that breaks the rules, a check that found problems); 2 a usage error (unknown command
  or option, a value out of range, a file that cannot be read); 130 interrupted.

>>> import io
>>> out = io.StringIO()
>>> emit({"error": "usage", "detail": "--deals must be 0 or more"}, out)
>>> out.getvalue()
'{"error": "usage", "detail": "--deals must be 0 or more"}\\n'
"""

from __future__ import annotations

import argparse
import json
import math
from typing import IO, NoReturn

__all__ = [
    "EXIT_HELP",
    "EXIT_INVALID",
    "EXIT_OK",
    "EXIT_USAGE",
    "JsonArgumentParser",
    "UsageError",
    "emit",
    "non_negative",
    "positive",
    "positive_float",
]

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2

#: The closing paragraph of every ``--help``.
EXIT_HELP = (
    "Output is JSON, one object per line. Errors are one line of JSON on standard output, "
    '{"error": CODE, "detail": TEXT}. Exit status: 0 done; 1 invalid input (not JSON, '
    "a malformed record or one that breaks the rules); 2 usage error (bad arguments, "
    "a file that cannot be read); 130 interrupted."
)


class UsageError(ValueError):
    """Bad command-line arguments: printed as ``{"error": "usage", ...}``, exit 2."""

    code = "usage"


def emit(obj: object, out: IO[str]) -> None:
    """Write ``obj`` as one line of JSON."""
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


class JsonArgumentParser(argparse.ArgumentParser):
    """An argument parser whose errors raise :class:`UsageError` instead of printing
    argparse's text and exiting; ``--help`` ends with :data:`EXIT_HELP`."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        if "epilog" not in kwargs:
            kwargs["epilog"] = EXIT_HELP
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _number(text: str, kind: type[int] | type[float], low: float, what: str) -> float:
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value < low:
        raise argparse.ArgumentTypeError(f"{text} is not {what}")
    return value


def non_negative(text: str) -> int:
    """An argparse type: an integer, 0 or more."""
    return int(_number(text, int, 0, "0 or more"))


def positive(text: str) -> int:
    """An argparse type: an integer, 1 or more."""
    return int(_number(text, int, 1, "1 or more"))


def positive_float(text: str) -> float:
    """An argparse type: a number above 0."""
    value = _number(text, float, 0, "above 0")
    if value == 0:
        raise argparse.ArgumentTypeError(f"{text} is not above 0")
    return value
