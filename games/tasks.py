"""Scorekeeping jobs for the Celery worker (the services queue them by name)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from games.analysis import DEAL_ANALYSE_TASK, deal_analyse
from games.services.notifications import (
    APPEAL_DECIDED_TASK,
    REFEREE_CALL_TASK,
    appeal_decided_notify,
    referee_call_notify,
)


@shared_task(name=DEAL_ANALYSE_TASK, acks_late=True)
def deal_analyse_task(record: dict[str, Any], ruleset: dict[str, Any]) -> int:
    """Analyse a finished deal from every seat and store the reports (queued as it ends)."""
    return deal_analyse(record, ruleset)


@shared_task(name=REFEREE_CALL_TASK)
def referee_call_notify_task(game_id: int) -> int:
    """Email the referees on duty that a table called (queued by the call)."""
    return referee_call_notify(game_id)


@shared_task(name=APPEAL_DECIDED_TASK)
def appeal_decided_notify_task(appeal_id: int) -> int:
    """Email an appeal's parties its decision (queued by the decision)."""
    return appeal_decided_notify(appeal_id)
