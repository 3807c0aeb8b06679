"""Federation jobs for the Celery worker."""

from __future__ import annotations

import smtplib
from typing import Any

from celery import shared_task

from scwu.mail.outbox import SEND_EMAIL_TASK, message_of
from scwu.models import Player


@shared_task(name="scwu.federation_counts")
def federation_counts_task() -> dict[str, int]:
    """A cheap read the worker runs against the site's database; used to check the wiring."""
    return {"players": Player.objects.count()}


# A mail server that is down or refuses for a while (greylisting) gets the message later:
# five tries over about half an hour, each wait twice the last.
@shared_task(
    name=SEND_EMAIL_TASK,
    autoretry_for=(smtplib.SMTPException, OSError),
    retry_backoff=60,
    retry_backoff_max=900,
    max_retries=5,
)
def send_email_task(payload: dict[str, Any]) -> None:
    """Send one message rendered by the site (``scwu.mail.outbox.queue_message``)."""
    message_of(payload).send()
