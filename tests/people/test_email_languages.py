"""Every email the site sends has an English, a Czech and a Russian text: rendered in each
language, no English sentence is left in the Czech or Russian one."""

from __future__ import annotations

import datetime as dt
import re
from types import SimpleNamespace
from typing import Any

import pytest
from django.core import mail
from django.utils.translation import gettext_lazy as _

from scwu.services.mail import mail_send

TABLE = SimpleNamespace(
    number=3, round=SimpleNamespace(number=2, tournament=SimpleNamespace(name="Cup"))
)
FOOTER = {"where_i_sit_url": "u1", "settings_url": "u2", "unsubscribe_url": "u3"}

EMAILS: dict[str, tuple[Any, dict[str, Any], dict[str, Any]]] = {
    "invitation": (
        _("An invitation from the Smoking Cat World Union"),
        {},
        {"offer": "x", "inviter": None, "accept_url": "u", "expires_at": dt.datetime(2026, 1, 1)},
    ),
    "draw_published": (
        _("Your table in %(tournament)s, round %(number)s"),
        {"tournament": "Cup", "number": 2},
        {
            "round": TABLE.round,
            "seat": SimpleNamespace(table=TABLE, position="C"),
            "table_url": "u",
            **FOOTER,
        },
    ),
    "referee_call": (
        _("Table %(number)s of %(tournament)s calls the referee"),
        {"tournament": "Cup", "number": 3},
        {"table": TABLE, "table_url": "u", "dashboard_url": "u", **FOOTER},
    ),
    "word_review": (
        _("A playing word waits for your review: %(label)s"),
        {"label": "MOURA"},
        {"word": SimpleNamespace(label="MOURA", letters="MOURA"), "word_url": "u", **FOOTER},
    ),
    "appeal_decided": (
        _("The appeal at table %(number)s of %(tournament)s is decided"),
        {"tournament": "Cup", "number": 3},
        {"table": TABLE, "overturned": True, "reason": "r", "table_url": "u", **FOOTER},
    ),
    "final_classification": (
        _("The final classification of %(tournament)s"),
        {"tournament": "Cup"},
        {"tournament": SimpleNamespace(name="Cup"), "place": 4, "final_url": "u", **FOOTER},
    ),
}


def _render(template: str, language: str) -> mail.EmailMessage:
    subject, params, context = EMAILS[template]
    mail.outbox.clear()
    mail_send(
        to="a@example.org",
        language=language,
        subject=subject,
        subject_params=params,
        template=template,
        context=context,
    )
    (message,) = mail.outbox
    return message


def _sentences(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if re.search(r"[A-Za-z]{3}", line)}


@pytest.mark.parametrize("template", sorted(EMAILS))
@pytest.mark.parametrize("language", ["cs", "ru"])
def test_every_email_has_its_own_czech_and_russian_text(template: str, language: str) -> None:
    english = _render(template, "en")
    other = _render(template, language)
    assert other.subject != english.subject
    left = _sentences(english.body) & _sentences(other.body)
    assert not left, f"{template} in {language} keeps English: {left}"
