"""The audit trail cannot be edited through any interface: admin, API, pages or the model."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import AuditEntry
from tests.games.conftest import Setup, make_setup
from tests.security.endpoints import write_endpoints

ROOT = Path(__file__).resolve().parents[2]
APPS = ("scwu", "tournaments", "games")


@pytest.fixture
def setup(db: None) -> Setup:
    return make_setup()


@pytest.fixture
def entry(setup: Setup) -> AuditEntry:
    setup.lose("B")
    return AuditEntry.objects.filter(game__table=setup.table).latest("pk")


@pytest.fixture
def superuser(db: None) -> User:
    return User.objects.create_superuser("root", "root@scwu.example", "pw-root-123")


def test_saving_an_existing_entry_or_deleting_one_is_refused(entry: AuditEntry) -> None:
    entry.summary = "forged"
    with pytest.raises(RuntimeError, match="append-only"):
        entry.save()
    with pytest.raises(RuntimeError, match="append-only"):
        entry.delete()
    entry.refresh_from_db()
    assert entry.summary != "forged"


def test_admin_shows_the_trail_but_offers_no_add_change_or_delete(
    client: Client, superuser: User, entry: AuditEntry
) -> None:
    client.force_login(superuser)
    assert client.get(reverse("admin:games_auditentry_changelist")).status_code == 200
    assert client.get(reverse("admin:games_auditentry_add")).status_code == 403
    change = reverse("admin:games_auditentry_change", args=[entry.pk])
    assert client.post(change, {"summary": "forged", "action": entry.action}).status_code == 403
    delete = reverse("admin:games_auditentry_delete", args=[entry.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    bulk = client.post(
        reverse("admin:games_auditentry_changelist"),
        {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"},
    )
    assert bulk.status_code in (200, 302)
    entry.refresh_from_db()
    assert entry.summary != "forged"
    assert AuditEntry.objects.filter(pk=entry.pk).exists()


def test_the_audit_routes_only_read(setup: Setup) -> None:
    writes = [e.name for e in write_endpoints() if "audit" in e.name or "audit" in e.route]
    assert writes == []
    judge = Client()
    judge.force_login(setup.head_referee)
    url = reverse("games-api:audit-list", args=[setup.table.pk])
    assert judge.get(url).status_code == 200
    for method in ("post", "put", "patch", "delete"):
        assert getattr(judge, method)(url, {}, content_type="application/json").status_code == 405


def test_no_code_updates_or_deletes_audit_rows_in_bulk() -> None:
    # Queryset update()/delete() skip the model's refusal; nothing in the apps may call them.
    bulk = re.compile(
        r"AuditEntry\.objects[^\n]*\.(update|delete)\(|\.audit\.[^\n]*\.(update|delete)\("
    )
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if bulk.search(line)
    ]
    assert offenders == []
