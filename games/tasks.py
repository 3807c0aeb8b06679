"""Scorekeeping jobs for the Celery worker (the services queue them by name)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from games.analysis import DEAL_ANALYSE_TASK, deal_analyse


@shared_task(name=DEAL_ANALYSE_TASK, acks_late=True)
def deal_analyse_task(record: dict[str, Any], ruleset: dict[str, Any]) -> int:
    """Analyse a finished deal from every seat and store the reports (queued as it ends)."""
    return deal_analyse(record, ruleset)
