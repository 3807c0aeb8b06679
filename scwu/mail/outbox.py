"""Every email of the site leaves through here: rendered in the request, sent by a Celery task.

A request never talks to the mail server: a slow or absent one would hold the page (or fail
it). The message is rendered where its language and links are known, then handed to the task
``scwu.send_email`` as plain JSON (subject, bodies, addresses, headers), which the worker sends
and retries while the server refuses. In the embedded default the task runs at once (eager
Celery) and the console backend prints the message.
"""

from __future__ import annotations

import logging
from typing import Any, TypedDict

from django.core.mail import EmailMessage, EmailMultiAlternatives

from scwu.broker import task_send

logger = logging.getLogger("scwu.mail")

SEND_EMAIL_TASK = "scwu.send_email"


class MessagePayload(TypedDict):
    subject: str
    body: str
    from_email: str
    to: list[str]
    cc: list[str]
    bcc: list[str]
    reply_to: list[str]
    headers: dict[str, str]
    #: (content, mimetype) pairs: the HTML part, when there is one.
    alternatives: list[tuple[str, str]]


def payload_of(message: EmailMessage) -> MessagePayload:
    alternatives = getattr(message, "alternatives", None) or []
    return {
        "subject": str(message.subject),
        "body": str(message.body),
        "from_email": str(message.from_email),
        "to": [str(a) for a in message.to],
        "cc": [str(a) for a in message.cc],
        "bcc": [str(a) for a in message.bcc],
        "reply_to": [str(a) for a in message.reply_to],
        "headers": {str(k): str(v) for k, v in (message.extra_headers or {}).items()},
        "alternatives": [(str(content), str(mimetype)) for content, mimetype in alternatives],
    }


def message_of(payload: MessagePayload | dict[str, Any]) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(
        subject=payload["subject"],
        body=payload["body"],
        from_email=payload["from_email"],
        to=payload["to"],
        cc=payload.get("cc") or [],
        bcc=payload.get("bcc") or [],
        reply_to=payload.get("reply_to") or [],
        headers=payload.get("headers") or {},
    )
    for content, mimetype in payload.get("alternatives") or []:
        message.attach_alternative(content, mimetype)
    return message


def queue_message(message: EmailMessage) -> bool:
    """Hand ``message`` to the worker; ``False`` (and a warning) when the broker is away."""
    queued = task_send(SEND_EMAIL_TASK, payload_of(message))
    if not queued:
        logger.warning("email %r to %s not queued", message.subject, ", ".join(message.to))
    return queued
