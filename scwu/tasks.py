"""Federation jobs for the Celery worker."""

from __future__ import annotations

import smtplib
from typing import Any

from celery import shared_task
from django.apps import apps
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from scwu.mail.outbox import SEND_EMAIL_TASK, message_of
from scwu.models import Player
from scwu.services.invitations import INVITATION_EMAIL_TASK
from scwu.services.mail import mail_send, site_reverse
from scwu.services.words import WORD_REVIEW_TASK, word_review_notify


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


@shared_task(name=INVITATION_EMAIL_TASK)
def invitation_email_task(label: str, invitation_id: int, token: str, language: str) -> bool:
    """Email an invitation's link (queued on commit by ``invitation_issue``)."""
    model = apps.get_model(label)
    invitation = model.objects.filter(pk=invitation_id, accepted_at__isnull=True).first()
    if invitation is None:
        return False
    with translation.override(language):
        offer = invitation.offer()
    mail_send(
        to=invitation.email,
        language=language,
        subject=_("An invitation from the Smoking Cat World Union"),
        template="invitation",
        context={
            "offer": offer,
            "inviter": invitation.invited_by,
            "accept_url": site_reverse("invitation-accept", token),
            "expires_at": invitation.expires_at,
        },
    )
    return True


@shared_task(name=WORD_REVIEW_TASK)
def word_review_notify_task(word_id: int) -> int:
    """Email the commission that a proposed word waits for their review."""
    return word_review_notify(word_id)
