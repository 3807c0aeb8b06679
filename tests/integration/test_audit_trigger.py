"""The audit trail is append-only in PostgreSQL itself (hardening round three, finding 9): a
DELETE or UPDATE of an audit row is refused by trigger, whoever sends it."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from games.models import AuditEntry
from tests.games.conftest import make_setup

pytestmark = pytest.mark.integration


def _refused(sql: str) -> str:
    with (
        pytest.raises(DatabaseError) as refusal,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql)
    return str(refusal.value)


@pytest.mark.django_db
def test_finding_09_postgresql_refuses_delete_and_update_of_audit_rows() -> None:
    s = make_setup()
    s.lose("B", "C")
    before = AuditEntry.objects.count()
    assert before >= 2

    assert "append-only" in _refused("DELETE FROM games_auditentry")
    assert "append-only" in _refused("UPDATE games_auditentry SET summary = 'forged'")
    assert AuditEntry.objects.count() == before
    assert not AuditEntry.objects.filter(summary="forged").exists()


@pytest.mark.django_db
def test_finding_09_postgresql_still_lets_a_deleted_account_be_forgotten() -> None:
    s = make_setup()
    s.lose("B")
    s.judge.delete()
    assert AuditEntry.objects.filter(game__table=s.table, by=None).exists()
