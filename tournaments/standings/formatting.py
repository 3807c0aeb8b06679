"""Display helpers: success rate as a percentage, places, points.

Rounding is half up at one decimal, done on exact fractions (never on floats):

>>> from fractions import Fraction
>>> format_rate(Fraction(6, 11))
'54.5 %'
>>> format_rate(Fraction(13, 18))
'72.2 %'
>>> format_rate(Fraction(1, 16))   # 6.25 % rounds half up
'6.3 %'
>>> format_place(3)
'3.'
>>> format_points(Fraction(26, 3))
'8.7'
>>> format_points(Fraction(140, 2))
'70'
"""

from __future__ import annotations

import math
from fractions import Fraction

_HALF = Fraction(1, 2)


def round_half_up(value: Fraction | int, *, decimals: int = 1) -> Fraction:
    """``value`` rounded half up (towards +infinity on a tie) to ``decimals`` places."""
    scale = 10**decimals
    return Fraction(math.floor(Fraction(value) * scale + _HALF), scale)


def _decimal(value: Fraction, decimals: int, decimal_sep: str) -> str:
    scale = 10**decimals
    units = math.floor(value * scale + _HALF)
    sign = "-" if units < 0 else ""
    whole, frac = divmod(abs(units), scale)
    if decimals == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole}{decimal_sep}{frac:0{decimals}d}"


def format_rate(
    rate: Fraction | None, *, decimals: int = 1, decimal_sep: str = ".", empty: str = "–"
) -> str:
    """A success rate as a percentage, e.g. ``'54.5 %'``; ``empty`` when no deal was played."""
    if rate is None:
        return empty
    return f"{_decimal(rate * 100, decimals, decimal_sep)} %"


def format_place(place: int | None) -> str:
    """A place as printed in results: ``'3.'`` (shared places print the same); ``''`` if none."""
    return "" if place is None else f"{place}."


def format_points(points: Fraction | int | None, *, decimal_sep: str = ".") -> str:
    """Points: whole numbers as such, others rounded half up to one decimal; ``''`` if none."""
    if points is None:
        return ""
    value = Fraction(points)
    if value.denominator == 1:
        return str(value.numerator)
    return _decimal(value, 1, decimal_sep)
