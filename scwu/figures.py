"""Every figure a reader sees, in the reader's language: ``54,5 %`` and ``8,7`` in Czech and
Russian, ``54.5 %`` in English.

The figures are computed and rounded by :mod:`tournaments.standings` (exact fractions, half
up) and written with a point, which is what files and the API keep. What is shown on a page,
in a chart's tooltip or in a display string built in Python goes through :func:`figure` (the
``figure`` template filter of ``scwu_tags``), so that one place decides the decimal separator.

>>> from django.utils import translation
>>> from fractions import Fraction
>>> with translation.override("cs"):
...     figure(Fraction(6, 11), "%"), figure(Fraction(26, 3)), figure("25.2 ± 8.2"), figure(4)
('54,5 %', '8,7', '25,2 ± 8,2', '4')
>>> with translation.override("en"):
...     figure(Fraction(6, 11), "%"), figure(22.45), figure(None, "%"), figure(None)
('54.5 %', '22.5', '–', '')
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from django.utils.formats import get_format

from tournaments.standings import format_points, format_rate

#: A decimal point between two digits: the one thing that differs in a figure's text.
_POINT = re.compile(r"(?<=\d)\.(?=\d)")

#: What :func:`figure` prints for a rate where no deal was played.
NO_RATE = format_rate(None)


def decimal_separator() -> str:
    """The active language's decimal separator (Django's format files; ``,`` in cs and ru)."""
    return str(get_format("DECIMAL_SEPARATOR"))


def figure(value: object, kind: str = "", *, decimals: int = 1) -> str:
    """``value`` as a reader sees it in the active language.

    ``kind`` ``"%"``: a success rate (a fraction of one) as a percentage, a dash when there is
    none. Otherwise: exact points (:class:`~fractions.Fraction`) whole or to one decimal,
    rounded half up; a measured float or decimal to ``decimals`` places; a figure already
    written with a point (``"8.7"``, ``"54.5 %"``, ``"25.2 ± 8.2"``) with the language's
    separator; ``None`` as nothing.
    """
    sep = decimal_separator()
    if kind == "%":
        if value is None or value == "":
            return NO_RATE
        return format_rate(_exact(value), decimal_sep=sep)
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Fraction):
        return format_points(value, decimal_sep=sep)
    if isinstance(value, float | Decimal):
        return f"{value:.{decimals}f}".replace(".", sep)
    return _POINT.sub(sep, str(value))


def _exact(value: object) -> Fraction:
    """A rate as an exact fraction; a float by its shortest text (``0.545``, not its binary)."""
    if isinstance(value, Fraction | int):
        return Fraction(value)
    return Fraction(str(value))


def plus_minus(value: float, spread: float) -> str:
    """A measure and its uncertainty (a rating): ``25,2 ± 8,2`` in Czech."""
    return f"{figure(value)} ± {figure(spread)}"
