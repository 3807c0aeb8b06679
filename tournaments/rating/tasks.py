"""Rating jobs for the Celery worker (the services queue them by name)."""

from __future__ import annotations

from celery import shared_task

from tournaments.rating.services import RATING_UPDATE_TASK, rating_update


@shared_task(name=RATING_UPDATE_TASK, acks_late=True)
def rating_update_task(tournament_id: int) -> int:
    """Rate a tournament's newly finished games (queued by each results recompute)."""
    return rating_update(tournament_id)
