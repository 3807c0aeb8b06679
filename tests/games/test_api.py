"""The scorekeeping API: permissions per role, answers with the state, refusals with reasons."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import DealEntry, Ruling
from tests.games.conftest import Setup

pytestmark = pytest.mark.django_db


def _client(user: object | None = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)  # type: ignore[arg-type]
    return client


def _deal_url(s: Setup) -> str:
    return f"/api/games/tables/{s.table.pk}/deals/"


def test_public_reads_the_state(setup: Setup) -> None:
    answer = _client().get(f"/api/games/tables/{setup.table.pk}/")
    assert answer.status_code == 200
    assert answer.json()["next_deal"]["dealer"] == "A"


@pytest.mark.parametrize("who", ["judge", "head_referee", "director"])
def test_line_judge_referee_and_director_record(setup: Setup, who: str) -> None:
    answer = _client(getattr(setup, who)).post(
        _deal_url(setup), {"number": 1, "losers": ["B"]}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["seats"][1]["word_so_far"] == "T"


def test_admin_records(setup: Setup, admin_user: object) -> None:
    answer = _client(admin_user).post(
        _deal_url(setup), {"number": 1, "losers": ["B"]}, format="json"
    )
    assert answer.status_code == 201


@pytest.mark.parametrize("who", ["outsider", "commission"])
def test_others_may_not_record(setup: Setup, who: str) -> None:
    answer = _client(getattr(setup, who)).post(
        _deal_url(setup), {"number": 1, "losers": ["B"]}, format="json"
    )
    assert answer.status_code == 403
    assert not DealEntry.objects.exists()


def test_public_may_not_record(setup: Setup) -> None:
    answer = _client().post(_deal_url(setup), {"number": 1, "losers": ["B"]}, format="json")
    assert answer.status_code in (401, 403)


def test_refusals_name_the_field(setup: Setup) -> None:
    client = _client(setup.judge)
    answer = client.post(
        _deal_url(setup), {"number": 1, "points": {"A": 1, "B": 1, "C": 1, "D": 1}}, format="json"
    )
    assert answer.status_code == 409 and "points" in answer.json()
    answer = client.post(_deal_url(setup), {"number": 2, "losers": ["B"]}, format="json")
    assert answer.status_code == 409 and "number" in answer.json()
    assert not DealEntry.objects.exists()


def test_full_round_trip_ruling_appeal_audit_dashboard(setup: Setup) -> None:
    judge = _client(setup.judge)
    judge.post(_deal_url(setup), {"number": 1, "losers": ["B"]}, format="json")
    assert (
        judge.post(f"/api/games/tables/{setup.table.pk}/misdeals/", {}, format="json").status_code
        == 201
    )
    assert judge.post(
        f"/api/games/tables/{setup.table.pk}/referee-call/", {"called": True}, format="json"
    ).json()["referee_called"]
    deal = DealEntry.objects.get()
    answer = _client(setup.head_referee).post(
        f"/api/games/tables/{setup.table.pk}/rulings/",
        {
            "deal": deal.pk,
            "kind": "A",
            "offender": "C",
            "penalty": "loses_deal",
            "reason": "peeked",
        },
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["seats"][2]["word_so_far"] == "T"
    ruling = Ruling.objects.get()
    appeal = _client(setup.director).post(
        f"/api/games/rulings/{ruling.pk}/appeals/", {"grounds": "no"}, format="json"
    )
    assert appeal.status_code == 201
    decided = _client(setup.commission).post(
        f"/api/games/appeals/{appeal.json()['id']}/decision/",
        {"overturn": True, "reason": "ok"},
        format="json",
    )
    assert decided.status_code == 200 and decided.json()["seats"][1]["word_so_far"] == "T"
    assert _client(setup.judge).get(f"/api/games/tables/{setup.table.pk}/audit/").status_code == 403
    audit = _client(setup.director).get(f"/api/games/tables/{setup.table.pk}/audit/").json()
    assert [e["action"] for e in audit][:2] == ["deal_record", "misdeal_record"]
    dashboard = _client().get(f"/api/games/rounds/{setup.round.pk}/dashboard/").json()
    assert dashboard["tables"][0]["referee_called"] is True
    assert dashboard["tables_left"] == [1]


def test_paper_api_and_undo(setup: Setup) -> None:
    client = _client(setup.judge)
    answer = client.post(
        f"/api/games/tables/{setup.table.pk}/paper/",
        {"first_number": 1, "rows": [{"losers": ["B"]}, {"losers": ["C"]}]},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    answer = client.post(f"/api/games/tables/{setup.table.pk}/undo/", {"number": 2}, format="json")
    assert answer.status_code == 200 and answer.json()["next_deal"]["number"] == 2


def test_schema_lists_the_scorekeeping_api(setup: Setup) -> None:
    schema = _client().get("/api/schema/?format=json").json()
    assert "/api/games/tables/{table_id}/deals/" in schema["paths"]
