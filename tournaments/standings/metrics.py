"""The registry of named metrics and the tie-break precedence.

A metric turns a :class:`~.tally.Tally` into a comparable value and says whether
higher or lower is better. A competition ranks by a *precedence*: an ordered list
of metric names, the first being the main criterion and the rest tie-breaks.

>>> [METRICS[name].label for name in DEFAULT_PRECEDENCE]
['Success rate', 'Placky', 'Deals played', 'Penalty points']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from .errors import UnknownMetricError
from .tally import Tally

MetricValue = int | Fraction
"""A metric's figure; a metric returns ``None`` where it cannot compare that tally."""


class Direction(enum.StrEnum):
    """Which way a metric is better."""

    HIGHER_IS_BETTER = "higher"
    LOWER_IS_BETTER = "lower"


@dataclass(frozen=True, slots=True)
class Metric:
    """A named figure of a tally, with its direction and a display label."""

    name: str
    label: str
    direction: Direction
    value: Callable[[Tally], MetricValue | None]

    @property
    def is_higher_better(self) -> bool:
        return self.direction is Direction.HIGHER_IS_BETTER


_ZERO = Fraction(0)


def _success_rate(tally: Tally) -> MetricValue:
    # No deal played ranks as a rate of 0 (and prints as "–").
    rate = tally.success_rate
    return _ZERO if rate is None else rate


def _penalty_points(tally: Tally) -> MetricValue | None:
    # Points typed in for some deals only are not comparable with anyone's: a deal
    # whose points were not entered is unknown, not 0 (see ranking.rank_keys).
    if not tally.points_complete:
        return None
    return tally.penalty_points or 0


_BUILTIN = (
    Metric("success_rate", "Success rate", Direction.HIGHER_IS_BETTER, _success_rate),
    Metric("placky", "Placky", Direction.LOWER_IS_BETTER, lambda t: t.placky),
    Metric("deals_played", "Deals played", Direction.HIGHER_IS_BETTER, lambda t: t.deals_played),
    Metric("penalty_points", "Penalty points", Direction.LOWER_IS_BETTER, _penalty_points),
    Metric("deals_lost", "Deals lost", Direction.LOWER_IS_BETTER, lambda t: t.deals_lost),
    Metric("deals_won", "Deals won", Direction.HIGHER_IS_BETTER, lambda t: t.deals_won),
)

METRICS: Mapping[str, Metric] = MappingProxyType({m.name: m for m in _BUILTIN})
"""The built-in metrics, by name."""

DEFAULT_PRECEDENCE: tuple[str, ...] = ("success_rate", "placky", "deals_played", "penalty_points")
"""SCWU default: success rate, then fewer placky, more deals played, fewer penalty points."""


def metric_registry(*extra: Metric, base: Mapping[str, Metric] = METRICS) -> Mapping[str, Metric]:
    """A registry of ``base`` plus ``extra`` metrics; a name may not be registered twice."""
    registry = dict(base)
    for metric in extra:
        if metric.name in registry:
            raise UnknownMetricError(f"metric {metric.name!r} is already registered.")
        registry[metric.name] = metric
    return MappingProxyType(registry)


def precedence_resolve(
    precedence: Sequence[str], metrics: Mapping[str, Metric] = METRICS
) -> tuple[Metric, ...]:
    """The metrics a precedence names, in order; unknown or repeated names are refused."""
    if not precedence:
        raise UnknownMetricError("the tie-break precedence must name at least one metric.")
    seen: set[str] = set()
    resolved: list[Metric] = []
    for name in precedence:
        if name in seen:
            raise UnknownMetricError(f"metric {name!r} appears twice in the precedence.")
        seen.add(name)
        try:
            resolved.append(metrics[name])
        except KeyError:
            known = ", ".join(sorted(metrics))
            raise UnknownMetricError(
                f"unknown metric {name!r} in the precedence; known metrics: {known}."
            ) from None
    return tuple(resolved)
