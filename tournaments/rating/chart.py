"""A player's rating over the rated games as inline SVG, drawn like the success-rate chart.

The rating (``mu``) is the line, the band is ``mu +- sigma``; the geometry and
the line style are the success-rate chart's (:mod:`tournaments.rankings.chart`).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scwu.figures import plus_minus
from tournaments.rankings.chart import (
    HEIGHT,
    PAD_LEFT,
    PAD_RIGHT,
    PAD_Y,
    WIDTH,
    _polyline,
    _x,
    dots,
    svg_chart,
)

from .selectors import RatingPoint


def rating_chart(points: Sequence[RatingPoint]) -> SafeString:
    """Empty when there is nothing to draw; labels escaped, the rest numbers."""
    if not points:
        return mark_safe("")
    low = min(p.mu - p.sigma for p in points)
    high = max(p.mu + p.sigma for p in points)
    if high - low < 1:
        high, low = high + 0.5, low - 0.5

    def y(value: float) -> float:
        return PAD_Y + (high - value) / (high - low) * (HEIGHT - 2 * PAD_Y)

    count = len(points)
    parts: list[str] = []
    for value in (low, (low + high) / 2, high):
        parts.append(
            f'<line class="grid" x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" '
            f'y1="{y(value):.1f}" y2="{y(value):.1f}"/>'
            f'<text class="axis" x="{PAD_LEFT - 4}" y="{y(value) + 4:.1f}" '
            f'text-anchor="end">{value:.0f}</text>'
        )
    upper = [(_x(i, count), y(p.mu + p.sigma)) for i, p in enumerate(points)]
    lower = [(_x(i, count), y(p.mu - p.sigma)) for i, p in enumerate(points)]
    parts.append(_polyline(upper, "career"))
    parts.append(_polyline(lower, "career"))
    line = [(_x(i, count), y(p.mu)) for i, p in enumerate(points)]
    parts.append(_polyline(line, "rate"))
    tips = [f"{p.tournament} {p.round_number}: {plus_minus(p.mu, p.sigma)}" for p in points]
    parts.extend(dots(line, tips, radius=2))
    return svg_chart(_("Rating after each game (line) and its uncertainty (dashed)"), parts)
