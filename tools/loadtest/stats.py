"""Latency and error counts per kind of request, and their report."""

from __future__ import annotations

import math
import statistics
import threading
from collections import Counter, defaultdict
from dataclasses import dataclass, field


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))
    return ordered[index]


@dataclass
class Recorder:
    """Thread-safe: judges and readers run in threads, the online players in a loop."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def ok(self, kind: str, seconds: float) -> None:
        with self._lock:
            self.latencies[kind].append(seconds)

    def error(self, kind: str, reason: str) -> None:
        with self._lock:
            self.errors[kind][reason] += 1

    def summary(self, seconds: float) -> dict[str, dict[str, object]]:
        """Per kind: answers, rate, p50/p95 in ms and the errors by reason (``--json``)."""
        kinds = sorted(set(self.latencies) | set(self.errors))
        out: dict[str, dict[str, object]] = {}
        for kind in kinds:
            values = self.latencies.get(kind, [])
            out[kind] = {
                "ok": len(values),
                "per_second": len(values) / seconds,
                "p50_ms": percentile(values, 0.50) * 1000,
                "p95_ms": percentile(values, 0.95) * 1000,
                "errors": dict(self.errors.get(kind, Counter())),
            }
        return out

    def report(self, seconds: float) -> str:
        lines = [
            f"{'kind':<22}{'ok':>8}{'per s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
            f"{'mean ms':>9}  errors"
        ]
        for kind in sorted(set(self.latencies) | set(self.errors)):
            values = self.latencies.get(kind, [])
            errors = self.errors.get(kind, Counter())
            mean = statistics.fmean(values) * 1000 if values else float("nan")
            lines.append(
                f"{kind:<22}{len(values):>8}{len(values) / seconds:>9.1f}"
                f"{percentile(values, 0.50) * 1000:>9.0f}{percentile(values, 0.95) * 1000:>9.0f}"
                f"{percentile(values, 0.99) * 1000:>9.0f}{mean:>9.0f}  "
                + (", ".join(f"{reason}: {n}" for reason, n in errors.most_common()) or "none")
            )
        return "\n".join(lines)
