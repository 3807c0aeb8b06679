"""Calling the referee cannot fill the audit trail: a call while one is open (or a clear
with none open) is refused with its reason, and a table's calls an hour are capped."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import override_settings
from rest_framework.test import APIClient

from games import services
from games.models import AuditAction, AuditEntry, TableGame
from tests.games.conftest import Setup

pytestmark = pytest.mark.django_db


def _calls() -> int:
    return AuditEntry.objects.filter(action=AuditAction.REFEREE_CALL).count()


def _api(setup: Setup) -> APIClient:
    client = APIClient()
    client.force_login(setup.judge)
    return client


def test_repeated_referee_call_while_open_adds_no_audit_row_and_answers_409(
    setup: Setup,
) -> None:
    url = f"/api/games/tables/{setup.table.pk}/referee-call/"
    client = _api(setup)
    assert client.post(url, {"called": True}, format="json").status_code == 200
    for _ in range(5):
        again = client.post(url, {"called": True}, format="json")
        assert again.status_code == 409
        assert again.json() == {"called": ["The referee is already called at this table."]}
    assert _calls() == 1
    called_at = TableGame.objects.get().referee_called_at
    with pytest.raises(ValidationError):
        services.game_referee_call(by=setup.judge, table=setup.table)
    assert TableGame.objects.get().referee_called_at == called_at  # the first call's time
    assert _calls() == 1


def test_clearing_a_call_nobody_made_is_refused_without_an_audit_row(setup: Setup) -> None:
    url = f"/api/games/tables/{setup.table.pk}/referee-call/"
    answer = _api(setup).post(url, {"called": False}, format="json")
    assert answer.status_code == 409
    assert answer.json() == {"called": ["Nobody has called the referee at this table."]}
    assert not AuditEntry.objects.filter(action=AuditAction.REFEREE_CLEAR).exists()


@override_settings(SCWU_REFEREE_CALLS_PER_HOUR=3)
def test_calling_and_clearing_in_a_loop_stops_at_the_tables_hourly_limit(setup: Setup) -> None:
    for _ in range(3):
        services.game_referee_call(by=setup.judge, table=setup.table)
        services.game_referee_call(by=setup.judge, table=setup.table, called=False)
    with pytest.raises(ValidationError) as refused:
        services.game_referee_call(by=setup.judge, table=setup.table)
    assert "3 times in the last hour" in refused.value.messages[0]
    assert _calls() == 3
    assert TableGame.objects.get().referee_called_at is None
