"""Hardening round three, finding 9: the audit trail is append-only in the database. Deleting
a game, table, round or tournament with audit rows is refused (the rows are never taken along),
and the database refuses UPDATE of an audit row (SQLite and PostgreSQL) and DELETE
(PostgreSQL: tests/integration/test_audit_trigger.py)."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import ProtectedError
from django.test import Client, RequestFactory
from django.urls import reverse

from games.models import AuditEntry, TableGame
from tests.games.conftest import Setup, make_setup
from tournaments.models import Round, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def played() -> Setup:
    s = make_setup()
    s.lose("B", "C")
    assert AuditEntry.objects.filter(game__table=s.table).count() >= 2
    return s


def test_finding_09_deleting_a_round_table_or_game_with_audit_rows_is_refused(
    played: Setup,
) -> None:
    before = AuditEntry.objects.count()
    for doomed in (played.round, played.table, TableGame.objects.get(table=played.table)):
        with pytest.raises(ProtectedError), transaction.atomic():
            doomed.delete()
    with pytest.raises(ProtectedError), transaction.atomic():
        played.tournament.rounds.all().delete()
    assert AuditEntry.objects.count() == before
    assert Round.objects.filter(pk=played.round.pk).exists()
    assert Table.objects.filter(pk=played.table.pk).exists()


def test_finding_09_the_admin_refuses_to_delete_a_table_with_audit_rows_and_says_why(
    client: Client, played: Setup
) -> None:
    root = User.objects.create_superuser("root", "root@scwu.example", "pw-root-123")
    client.force_login(root)
    before = AuditEntry.objects.count()
    # The round page's table inline: ticking "delete" on a played table is refused, naming
    # the audit rows, by the admin's own formset check.
    request = RequestFactory().post("/")
    request.user = root
    (inline,) = admin.site._registry[Round].get_inline_instances(request, played.round)
    formset_class = inline.get_formset(request, played.round)
    shown = formset_class(instance=played.round)
    data = {
        f"{shown.prefix}-{key}": value
        for key, value in shown.management_form.initial.items()
        if value is not None
    }
    for form in shown.forms:
        for name in form.fields:
            value = form[name].value()
            if value is not None:
                data[form.add_prefix(name)] = value
    data[shown.forms[0].add_prefix("DELETE")] = "on"
    posted = formset_class(data, instance=played.round)
    assert not posted.is_valid()
    assert "protected related objects: audit entry" in str(posted.non_form_errors())
    # The delete pages and the bulk action refuse too.
    for name, obj in (("round", played.round), ("table", played.table)):
        url = reverse(f"admin:tournaments_{name}_delete", args=[obj.pk])
        assert "Cannot delete" in client.get(url).content.decode(), name
        client.post(url, {"post": "yes"})
    client.post(
        reverse("admin:tournaments_round_changelist"),
        {"action": "delete_selected", "_selected_action": [played.round.pk], "post": "yes"},
    )
    assert Round.objects.filter(pk=played.round.pk).exists()
    assert Table.objects.filter(pk=played.table.pk).exists()
    assert AuditEntry.objects.count() == before


def test_finding_09_the_database_refuses_an_update_of_an_audit_row(played: Setup) -> None:
    with (
        pytest.raises((DatabaseError, IntegrityError)),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE games_auditentry SET summary = 'forged'")
    assert not AuditEntry.objects.filter(summary="forged").exists()


def test_finding_09_deleting_an_account_still_forgets_it_in_the_trail(played: Setup) -> None:
    # The one change the triggers allow: ON DELETE SET NULL of the author.
    rows = AuditEntry.objects.filter(by=played.judge)
    count = rows.count()
    assert count
    played.judge.delete()
    assert AuditEntry.objects.filter(game__table=played.table, by=None).count() >= count
