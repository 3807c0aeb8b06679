"""Every API write refuses a field it does not take, and every operation a query parameter it
does not take: a 400 naming each, never ignored while the rest is written or filtered."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import DealEntry
from tests.games.conftest import Setup, make_round, make_setup, make_tournament
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def at_table(db: None) -> Setup:
    return make_setup()


def _judge(at_table: Setup) -> APIClient:
    client = APIClient()
    client.force_authenticate(at_table.judge)
    return client


def _deal_url(at_table: Setup) -> str:
    return f"/api/games/tables/{at_table.table.pk}/deals/"


def test_a_deal_with_misspelt_fields_is_refused_naming_them_and_not_recorded(
    at_table: Setup,
) -> None:
    answer = _judge(at_table).post(
        _deal_url(at_table), {"number": 1, "losers": ["B"], "winner": "A", "sit_out": []}
    )
    assert answer.status_code == 400, answer.content
    assert set(answer.json()) == {"winner", "sit_out"}
    assert not DealEntry.objects.exists()


def test_a_nested_body_refuses_an_unknown_field_of_a_row(at_table: Setup) -> None:
    answer = _judge(at_table).post(
        f"/api/games/tables/{at_table.table.pk}/paper/",
        {"first_number": 1, "rows": [{"losers": ["B"], "loser": "B"}]},
    )
    assert answer.status_code == 400, answer.content
    assert "loser" in str(answer.json()["rows"])
    assert not DealEntry.objects.exists()


def test_a_write_that_takes_no_body_refuses_body_fields(at_table: Setup) -> None:
    round_ = make_round(at_table.tournament, status=RoundStatus.DRAFT)
    client = APIClient()
    client.force_authenticate(at_table.director)
    answer = client.post(f"/api/rounds/{round_.pk}/publish/", {"force": True})
    assert answer.status_code == 400, answer.content
    assert list(answer.json()) == ["force"]
    round_.refresh_from_db()
    assert round_.status == RoundStatus.DRAFT


def test_a_list_refuses_a_filter_it_does_not_have_naming_it(at_table: Setup) -> None:
    answer = Client().get("/api/rounds/?tournament=x")
    assert answer.status_code == 400, answer.content
    assert list(answer.json()) == ["tournament"]


def test_a_lists_own_filters_pages_and_format_still_pass(at_table: Setup) -> None:
    other = make_tournament()
    make_round(other)
    query = f"tournament__slug={at_table.tournament.slug}&limit=5&offset=0&format=json"
    answer = Client().get(f"/api/rounds/?{query}")
    assert answer.status_code == 200, answer.content
    assert [row["tournament"] for row in answer.json()["results"]] == [at_table.tournament.pk]


def test_an_operations_declared_query_serializer_is_its_parameters(at_table: Setup) -> None:
    url = f"/api/games/tables/{at_table.table.pk}/"
    assert Client().get(f"{url}?ahead=1").status_code == 200
    answer = Client().get(f"{url}?ahaed=1")
    assert answer.status_code == 400
    assert list(answer.json()) == ["ahaed"]


def _request_bodies(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        name: component
        for name, component in schema["components"]["schemas"].items()
        if name.endswith("Request") and component.get("properties")
    }


def test_the_schema_says_every_request_body_takes_only_its_fields() -> None:
    schema = Client().get("/api/schema/?format=json").json()
    bodies = _request_bodies(schema)
    assert "DealRecordInputRequest" in bodies
    assert {
        name for name, body in bodies.items() if body.get("additionalProperties") is not False
    } == set()


def test_the_schema_says_a_ruling_names_its_deal_one_way_of_two(at_table: Setup) -> None:
    body = _request_bodies(Client().get("/api/schema/?format=json").json())["RulingInputRequest"]
    assert body["oneOf"] == [{"required": ["deal_number"]}, {"required": ["deal"]}]
    # ... as the server holds: neither is refused, naming the field to give.
    url = f"/api/games/tables/{at_table.table.pk}/rulings/"
    neither = {"kind": "A", "offender": "C", "penalty": "loses_deal", "reason": "peeked"}
    referee = APIClient()
    referee.force_authenticate(at_table.head_referee)
    answer = referee.post(url, neither, format="json")
    assert answer.status_code == 400 and "deal_number" in answer.json()
