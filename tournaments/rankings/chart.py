"""A player's success rate over time as inline SVG, drawn on the server (no script, no CDN)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scwu.figures import figure

WIDTH = 320
HEIGHT = 160
PAD_LEFT = 36
PAD_RIGHT = 10
PAD_Y = 12
AXIS_HEIGHT = 16  # below the plot: the x-axis labels (years)


@dataclass(frozen=True, slots=True)
class RatePoint:
    """One tournament on the chart: its label, the rate there and the career rate so far."""

    label: str
    rate: Fraction
    career: Fraction
    tick: str = ""  # the x-axis label (the year); printed where it changes


def _x(index: int, count: int) -> float:
    span = WIDTH - PAD_LEFT - PAD_RIGHT
    return PAD_LEFT + (span * index / (count - 1) if count > 1 else span / 2)


def _y(rate: Fraction) -> float:
    return PAD_Y + float(1 - rate) * (HEIGHT - 2 * PAD_Y)


def _polyline(points: Sequence[tuple[float, float]], css: str) -> str:
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polyline class="{css}" fill="none" points="{coords}"/>'


def dots(coords: Sequence[tuple[float, float]], tips: Sequence[str], *, radius: int) -> list[str]:
    """One dot per point, each with its escaped tooltip."""
    return [
        f'<circle class="dot" cx="{x:.1f}" cy="{y:.1f}" r="{radius}">'
        f"<title>{escape(tip)}</title></circle>"
        for (x, y), tip in zip(coords, tips, strict=True)
    ]


def svg_chart(title: str, parts: Sequence[str], *, height: int = HEIGHT) -> SafeString:
    """The chart's ``<svg>`` around ready-made parts (numbers and escaped text only)."""
    return format_html(
        '<svg class="rate-chart" viewBox="0 0 {} {}" role="img" aria-label="{}">'
        "<title>{}</title>{}</svg>",
        WIDTH,
        height,
        title,
        title,
        mark_safe("".join(parts)),
    )


def success_rate_chart(points: Sequence[RatePoint]) -> SafeString:
    """The chart: one dot per tournament, a line through them and the career rate dashed.

    Empty when there is nothing to draw. Labels are escaped; the rest is numbers.
    """
    if not points:
        return mark_safe("")
    count = len(points)
    parts: list[str] = []
    for level in (0, 50, 100):
        y = _y(Fraction(level, 100))
        parts.append(
            f'<line class="grid" x1="{PAD_LEFT}" x2="{WIDTH - PAD_RIGHT}" '
            f'y1="{y:.1f}" y2="{y:.1f}"/>'
            f'<text class="axis" x="{PAD_LEFT - 4}" y="{y + 4:.1f}" text-anchor="end">'
            f"{level} %</text>"
        )
    rates = [(_x(i, count), _y(p.rate)) for i, p in enumerate(points)]
    careers = [(_x(i, count), _y(p.career)) for i, p in enumerate(points)]
    parts.append(_polyline(careers, "career"))
    parts.append(_polyline(rates, "rate"))
    last_tick = ""
    for (x, _plot_y), point in zip(rates, points, strict=True):
        if point.tick and point.tick != last_tick:
            parts.append(
                f'<text class="axis" x="{x:.1f}" y="{HEIGHT + AXIS_HEIGHT - 4}" '
                f'text-anchor="middle">{escape(point.tick)}</text>'
            )
            last_tick = point.tick
    tips = [f"{point.label}: {figure(point.rate, '%')}" for point in points]
    parts.extend(dots(rates, tips, radius=3))
    title = _("Success rate per tournament (line) and career success rate (dashed)")
    return svg_chart(title, parts, height=HEIGHT + AXIS_HEIGHT)
