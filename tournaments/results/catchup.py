"""Catching up results that a lost or never-sent task left stale.

A results change always bumps ``ResultsState.requested`` in the same transaction as the
change, so ``requested > computed`` marks exactly the tournaments whose recompute task was
never sent (broker down), lost (Redis restarted with the queue in memory) or failed. The
worker sweeps them when it starts, and every minute where Celery beat runs.
"""

from __future__ import annotations

from django.db.models import F

from scwu.broker import task_send
from tournaments.models import ResultsState
from tournaments.results.services import RESULTS_RECOMPUTE_TASK, results_recompute_here


def results_stale_list() -> list[int]:
    """Ids of the tournaments whose stored placings are older than their last change."""
    return list(
        ResultsState.objects.filter(computed__lt=F("requested"))
        .order_by("tournament_id")
        .values_list("tournament_id", flat=True)
    )


def results_catch_up() -> list[int]:
    """Queue a recompute for every stale tournament (here, when the broker is down);
    returns the tournaments caught up. Safe to run any time: the recompute is idempotent."""
    stale = results_stale_list()
    for tournament_id in stale:
        if not task_send(RESULTS_RECOMPUTE_TASK, tournament_id):
            results_recompute_here(tournament_id)
    return stale
