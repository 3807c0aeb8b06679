"""Rating jobs for the Celery worker."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="rating.update", acks_late=True)
def rating_update_task(tournament_id: int) -> int:
    """Rate a tournament's newly finished games (started on commit after results change)."""
    from .services import rating_update

    return rating_update(tournament_id)
