"""Tournament jobs for the Celery worker. Tasks take ids and call a service."""

from __future__ import annotations

from celery import shared_task
from celery.signals import worker_ready


@shared_task(name="tournaments.round_draw")
def round_draw_task(round_id: int, seed: int) -> str:
    """Compute the draft draw of a round (started on commit by ``round_draw_start``)."""
    from tournaments.services.draw import round_draw_run

    return round_draw_run(round_id=round_id, seed=seed).status


@shared_task(name="tournaments.results_recompute", acks_late=True)
def results_recompute_task(tournament_id: int) -> int:
    """Recompute a tournament's placings and ranks (debounced by ``results_changed``).

    The pending mark is cleared before reading the version, so a change arriving while
    this run computes schedules exactly one more run instead of being lost."""
    from django.core.cache import cache

    from tournaments.results.services import pending_key, results_recompute

    cache.delete(pending_key(tournament_id))
    return results_recompute(tournament_id)


@shared_task(name="tournaments.season_rankings_recompute", acks_late=True)
def season_rankings_recompute_task(season_id: int) -> None:
    """Recompute a season's rankings after a tournament's placings changed."""
    from tournaments.rankings.services import season_rankings_compute

    season_rankings_compute(season_id)


@shared_task(name="tournaments.results_catch_up")
def results_catch_up_task() -> list[int]:
    """Recompute the results a lost task left stale (every minute under Celery beat)."""
    from tournaments.results.catchup import results_catch_up

    return results_catch_up()


@worker_ready.connect
def _results_catch_up_on_start(**_: object) -> None:
    # A worker that starts after an outage picks up what was never queued or was lost.
    results_catch_up_task.delay()
