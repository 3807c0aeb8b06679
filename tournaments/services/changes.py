"""What every director's write of the calendar and the tournament's life shares: the
admin's change log (who did what, and when; read-only there, like the scorekeeping
audit) and the refusal of fields a service does not change."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.admin.models import CHANGE, LogEntry
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

from scwu.roles import AnyUser


def change_logged(
    *,
    by: AnyUser | None,
    subject: models.Model,
    message: str | list[dict[str, Any]],
    flag: int = CHANGE,
) -> None:
    """Record ``by``'s step on ``subject`` in the admin's change log (a creation, a change,
    a way back such as a reopening, or a deletion, logged before the row goes)."""
    if by is None or not by.is_authenticated:
        return
    LogEntry.objects.log_actions(
        user_id=by.pk,
        queryset=[subject],
        action_flag=flag,
        change_message=message,
        single_object=True,
    )


def refuse_unknown_fields(fields: Iterable[str], allowed: Iterable[str]) -> None:
    """A 409 naming the first field the service does not change."""
    unknown = sorted(set(fields) - set(allowed))
    if unknown:
        raise ValidationError(
            {unknown[0]: [_("This field cannot be changed here.")]}, code="unknown"
        )
