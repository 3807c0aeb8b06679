"""Federation jobs for the Celery worker."""

from __future__ import annotations

from celery import shared_task

from scwu.models import Player


@shared_task(name="scwu.federation_counts")
def federation_counts_task() -> dict[str, int]:
    """A cheap read the worker runs against the site's database; used to check the wiring."""
    return {"players": Player.objects.count()}
