"""Emails to people, each in its reader's language, rendered here and sent by the outbox's
task (``scwu.mail.outbox``): a slow or absent mail server never holds up a request, and the
worker retries while the server refuses."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise

from scwu.mail.outbox import queue_message


def site_url(path: str) -> str:
    """An absolute address on the site: a task has no request to take the host from."""
    return f"{settings.SCWU_SITE_URL}{path}"


def site_reverse(name: str, *args: Any) -> str:
    return site_url(reverse(name, args=args))


def mail_send(
    *,
    to: str,
    language: str,
    subject: str | Promise,
    subject_params: dict[str, Any] | None = None,
    template: str,
    context: dict[str, Any],
    headers: dict[str, str] | None = None,
) -> None:
    """Render ``people/email/<template>.txt`` and its subject (a lazy translation, formatted
    with ``subject_params`` once translated) in ``language`` and send it."""
    languages = {code for code, _ in settings.LANGUAGES}
    with translation.override(language if language in languages else settings.LANGUAGE_CODE):
        body = render_to_string(f"people/email/{template}.txt", context)
        line = " ".join((str(subject) % (subject_params or {})).split())
    queue_message(EmailMessage(subject=line, body=body, to=[to], headers=headers or {}))
