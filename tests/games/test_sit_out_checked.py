"""Who sat out a deal is checked against the table's sit-out rule when the deal is recorded:
anyone else's sit-out is refused, naming the rule and who sits out by it, unless a referee
records it as played, a correction with a reason (stored, audited, shown and exported)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from rest_framework.test import APIClient

from games import services
from games.models import AuditAction, AuditEntry, DealEntry, TableGame
from games.scoring import ruleset_of
from tests.games.conftest import Setup, make_setup
from tournaments.exports.game_records import game_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def five(db: None) -> Setup:
    """A table of five under the dealer rule: A deals deal 1 and sits it out."""
    return make_setup(seats=5)


def _client(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _deal_url(s: Setup) -> str:
    return f"/api/games/tables/{s.table.pk}/deals/"


def test_a_sit_out_the_rule_does_not_name_is_refused_naming_the_rule_and_who_sits_out(
    five: Setup,
) -> None:
    answer = _client(five.judge).post(
        _deal_url(five), {"number": 1, "losers": ["B"], "sat_out": ["E"]}
    )
    assert answer.status_code == 409, answer.content
    message = " ".join(answer.json()["sat_out"])
    assert "deal 1" in message and ": A (the rule: the dealer sits out" in message
    assert not DealEntry.objects.exists()


def test_the_sit_out_the_rule_names_is_recorded_without_a_flag(five: Setup) -> None:
    answer = _client(five.judge).post(
        _deal_url(five), {"number": 1, "losers": ["B"], "sat_out": ["A"]}
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["deals"][0]["correction"] is None
    assert DealEntry.objects.get().correction_reason == ""


def test_a_line_judge_may_not_record_a_sit_out_against_the_rule_even_with_a_reason(
    five: Setup,
) -> None:
    answer = _client(five.judge).post(
        _deal_url(five),
        {"number": 1, "losers": ["B"], "sat_out": ["E"], "correction_reason": "E was ill"},
    )
    assert answer.status_code == 403, answer.content
    assert not DealEntry.objects.exists()


def test_a_referees_correction_is_stored_flagged_audited_and_shown(five: Setup) -> None:
    answer = _client(five.head_referee).post(
        _deal_url(five),
        {"number": 1, "losers": ["B"], "sat_out": ["E"], "correction_reason": "E was ill"},
    )
    assert answer.status_code == 201, answer.content
    shown = answer.json()["deals"][0]
    assert shown["correction"] == "E was ill"
    assert shown["sitting_out"] == ["E"]
    deal = DealEntry.objects.get()
    assert (deal.sat_out, deal.correction_reason, deal.is_correction) == (["E"], "E was ill", True)
    audit = AuditEntry.objects.get(action=AuditAction.DEAL_RECORD)
    assert audit.by == five.head_referee
    assert audit.detail["correction_reason"] == "E was ill"
    assert "E sat out against the sit-out rule" in audit.summary


def test_a_correction_reason_for_a_deal_by_the_rule_is_refused(five: Setup) -> None:
    with pytest.raises(ValidationError) as refused:
        services.deal_record(
            by=five.head_referee,
            table=five.table,
            losers=["B"],
            sat_out=["A"],
            correction_reason="nothing to correct",
        )
    assert "correction_reason" in refused.value.message_dict
    assert not DealEntry.objects.exists()


def test_the_referee_check_is_the_services_for_every_caller(five: Setup) -> None:
    with pytest.raises(PermissionDenied):
        services.deal_record(
            by=five.judge, table=five.table, losers=["B"], sat_out=["E"], correction_reason="x"
        )


def test_a_corrected_deal_is_exported_as_played_with_its_reason(five: Setup) -> None:
    services.deal_record(
        by=five.director, table=five.table, losers=["B"], sat_out=["E"], correction_reason="late"
    )
    game = TableGame.objects.get(table=five.table)
    record = game_record(game, ruleset_of(five.tournament), {})
    entry = record["deals"][0]
    assert (entry["sat_out"], entry["as_played"], entry["correction"]) == (["E"], True, "late")
