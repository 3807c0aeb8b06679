"""The results follow the scorekeeping below them (``games.signals``)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.signals import scores_changed
from tournaments.results.services import results_changed


@receiver(scores_changed, dispatch_uid="tournaments.results.scores_changed")
def results_follow_scores(sender: object, *, tournament_id: int, **_: Any) -> None:
    results_changed(tournament_id)
