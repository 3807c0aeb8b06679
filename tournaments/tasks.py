"""Tournament jobs for the Celery worker. Tasks take ids and call a service; the services
queue them by name (``task_named``), so they never import this module back."""

from __future__ import annotations

from celery import shared_task
from celery.signals import worker_ready
from django.core.cache import cache

from tournaments.rankings.services import season_rankings_compute
from tournaments.results.catchup import results_catch_up
from tournaments.results.services import (
    RESULTS_RECOMPUTE_TASK,
    SEASON_RANKINGS_TASK,
    pending_key,
    results_recompute,
)
from tournaments.services.draw import ROUND_DRAW_TASK, round_draw_run
from tournaments.services.notifications import (
    DRAW_PUBLISHED_TASK,
    FINAL_CLASSIFICATION_TASK,
    draw_published_notify,
    final_classification_notify,
)


@shared_task(name=ROUND_DRAW_TASK)
def round_draw_task(round_id: int, seed: int, job: str = "") -> str:
    """Compute the draft draw of a round (queued by ``round_draw_start``)."""
    return round_draw_run(round_id=round_id, seed=seed, job=job).status


@shared_task(name=RESULTS_RECOMPUTE_TASK, acks_late=True)
def results_recompute_task(tournament_id: int) -> int:
    """Recompute a tournament's placings and ranks (debounced by ``results_changed``).

    The pending mark is cleared before reading the version, so a change arriving while
    this run computes schedules exactly one more run instead of being lost."""
    cache.delete(pending_key(tournament_id))
    return results_recompute(tournament_id)


@shared_task(name=SEASON_RANKINGS_TASK, acks_late=True)
def season_rankings_recompute_task(season_id: int) -> None:
    """Recompute a season's rankings after a tournament's placings changed."""
    season_rankings_compute(season_id)


@shared_task(name="tournaments.results_catch_up")
def results_catch_up_task() -> list[int]:
    """Recompute the results a lost task left stale (every minute under Celery beat)."""
    return results_catch_up()


@shared_task(name=DRAW_PUBLISHED_TASK)
def draw_published_notify_task(round_id: int) -> int:
    """Email the seated players their table and seat (queued when the draw is published)."""
    return draw_published_notify(round_id)


@shared_task(name=FINAL_CLASSIFICATION_TASK)
def final_classification_notify_task(tournament_id: int) -> int:
    """Email the players the final classification (queued when the tournament finishes)."""
    return final_classification_notify(tournament_id)


@worker_ready.connect
def _results_catch_up_on_start(**_: object) -> None:
    # A worker that starts after an outage picks up what was never queued or was lost.
    results_catch_up_task.delay()
