"""After the run: every deal sent recorded exactly once, and the standings current."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db.models import F

from tools.loadtest.users import DealLedger


@dataclass(frozen=True)
class DealCheck:
    sent: int
    acknowledged: int
    resent_on_purpose: int
    recorded: int
    recorded_twice: int
    acknowledged_but_missing: int
    without_key: int
    gaps: int

    @property
    def ok(self) -> bool:
        return not (
            self.recorded_twice or self.acknowledged_but_missing or self.without_key or self.gaps
        )


def deals_check(ledger: DealLedger, tournament_id: int) -> DealCheck:
    from games.models import DealEntry

    keys = [key for table_keys in ledger.sent.values() for key in table_keys]
    deals = DealEntry.objects.filter(game__table__round__tournament_id=tournament_id)
    per_key = Counter(deals.exclude(idempotency_key=None).values_list("idempotency_key", flat=True))
    gaps = 0
    for table_id in ledger.sent:
        numbers = sorted(
            deals.filter(game__table_id=table_id, undone_seq=None).values_list("number", flat=True)
        )
        gaps += int(numbers != list(range(1, len(numbers) + 1)))
    return DealCheck(
        sent=len(keys),
        acknowledged=len(ledger.acked),
        resent_on_purpose=ledger.resent,
        recorded=sum(1 for key in keys if per_key[key]),
        recorded_twice=sum(1 for n in per_key.values() if n > 1),
        acknowledged_but_missing=sum(1 for key in ledger.acked if not per_key[key]),
        without_key=deals.filter(idempotency_key=None).count(),
        gaps=gaps,
    )


def _placings(tournament_id: int) -> list[tuple[Any, ...]]:
    from tournaments.models import Placing

    return list(
        Placing.objects.filter(tournament_id=tournament_id)
        .order_by("entry_id")
        .values_list("entry_id", "place", "is_shared", "points", "deals_played", "deals_lost")
    )


def standings_check(tournament_id: int, timeout: float = 60) -> tuple[bool, str]:
    """Wait for the worker to catch up, then compare its placings with a recomputation
    from scratch in this process."""
    from tournaments.models import ResultsState
    from tournaments.results.services import results_recompute

    deadline = time.monotonic() + timeout
    waited = time.monotonic()
    while True:
        state = ResultsState.objects.filter(tournament_id=tournament_id).first()
        if state is None:  # no deal recorded (a run without judges): nothing to compare
            return True, "no results change: nothing to compare"
        if state.computed == state.requested or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    caught_up = state.computed == state.requested
    waited = time.monotonic() - waited
    stored = _placings(tournament_id)
    ResultsState.objects.filter(tournament_id=tournament_id).update(requested=F("requested") + 1)
    results_recompute(tournament_id)
    fresh = _placings(tournament_id)
    same = stored == fresh
    detail = (
        f"worker caught up: {'yes' if caught_up else 'NO'} (version {state.computed}/"
        f"{state.requested}, waited {waited:.1f} s); {len(stored)} placings; equal to a "
        f"recomputation from scratch: {'yes' if same else 'NO'}"
    )
    return caught_up and same, detail
