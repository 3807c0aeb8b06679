"""Tournament jobs for the Celery worker. Tasks take ids and call a service."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.round_draw")
def round_draw_task(round_id: int, seed: int) -> str:
    """Compute the draft draw of a round (started on commit by ``round_draw_start``)."""
    from tournaments.services.draw import round_draw_run

    return round_draw_run(round_id=round_id, seed=seed).status
