"""Notifications by email: who wants which (``PersonSettings``), in their language, with a
signed one-click unsubscribe link in each. The events' tasks (tournaments, games, words)
decide who is concerned and call :func:`notify`."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from scwu.models import NotificationKind, PersonSettings
from scwu.services.mail import mail_send, site_reverse

UNSUBSCRIBE_SALT = "scwu.notifications.unsubscribe"


def person_settings(user: Any) -> PersonSettings:
    found, _created = PersonSettings.objects.get_or_create(user=user)
    return found


@transaction.atomic
def person_settings_update(*, user: Any, language: str, muted: list[str]) -> PersonSettings:
    """Store the language of the user's emails and the notifications they turned off."""
    unknown = [kind for kind in muted if kind not in NotificationKind.values]
    if unknown:
        raise ValidationError({"muted": [_("Unknown notification: %s.") % ", ".join(unknown)]})
    if language not in {code for code, _name in settings.LANGUAGES}:
        raise ValidationError({"language": [_("Unknown language.")]}, code="invalid")
    found = person_settings(user)
    found.language = language
    found.muted = sorted(set(muted))
    found.full_clean()
    found.save()
    return found


def unsubscribe_token(user: Any, kind: str) -> str:
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_read(token: str) -> tuple[User, str]:
    """The account and notification a link names; a forged or stale one is a ValidationError."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        user = User.objects.get(pk=int(data["u"]), is_active=True)
        kind = NotificationKind(data["k"])
    except (signing.BadSignature, KeyError, TypeError, ValueError, User.DoesNotExist):
        raise ValidationError(
            {"token": [_("This unsubscribe link is not valid.")]}, code="invalid"
        ) from None
    return user, kind.value


@transaction.atomic
def unsubscribe(token: str) -> tuple[User, str]:
    """Turn off the notification the signed link names (no sign-in: the link is the proof)."""
    user, kind = unsubscribe_read(token)
    found = PersonSettings.objects.select_for_update().get(pk=person_settings(user).pk)
    if kind not in found.muted:
        found.muted = sorted({*found.muted, kind})
        found.save(update_fields=["muted"])
    return user, kind


def notify(
    user: Any,
    kind: NotificationKind,
    *,
    subject: Promise,
    subject_params: dict[str, Any] | None = None,
    template: str,
    context: dict[str, Any],
) -> bool:
    """Email ``user`` about ``kind`` unless they turned it off or have no address; whether sent.

    Every notification links the unsubscribe page for its kind, the preferences page and the
    reader's "Where I sit" page."""
    if not user.is_active or not user.email:
        return False
    found = person_settings(user)
    if not found.wants(kind):
        return False
    unsubscribe_url = site_reverse("people-unsubscribe", unsubscribe_token(user, kind))
    mail_send(
        to=user.email,
        language=found.language,
        subject=subject,
        subject_params=subject_params,
        template=template,
        context={
            **context,
            "user": user,
            "kind": kind,
            "unsubscribe_url": unsubscribe_url,
            "settings_url": site_reverse("people-settings"),
            "where_i_sit_url": site_reverse("where-i-sit"),
        },
        headers={
            "List-Unsubscribe": f"<{unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    return True
