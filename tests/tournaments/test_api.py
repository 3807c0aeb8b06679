"""The tournaments API: schema, reads, and the write operations with their 4xx answers."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, PlayingWordFactory, SeasonFactory, SeriesFactory
from tournaments.models import Entry, Round, RoundStatus, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_schema_lists_the_tournament_operations(api: APIClient) -> None:
    paths = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()["paths"]
    for path in [
        "/api/tournaments/",
        "/api/tournaments/create/",
        "/api/tournaments/{slug}/entries/",
        "/api/entries/{id}/check-in/",
        "/api/rounds/{id}/draw/",
        "/api/rounds/{id}/swap/",
        "/api/rounds/{id}/publish/",
    ]:
        assert path in paths


def test_create_tournament_and_refusals_name_the_field(api: APIClient, director: User) -> None:
    SeasonFactory(year=2026)
    SeriesFactory(slug="classic")
    body = {
        "name": "Jarní Classic",
        "season": 2026,
        "series": "classic",
        "start_date": "2026-04-04",
        "end_date": "2026-04-04",
    }
    assert api.post("/api/tournaments/create/", body, format="json").status_code == 403
    api.force_authenticate(director)
    created = api.post("/api/tournaments/create/", body, format="json")
    assert created.status_code == 201, created.json()
    slug = created.json()["slug"]
    bad = api.post(f"/api/tournaments/{slug}/status/", {"status": "finished"}, format="json")
    assert bad.status_code == 409 and "status" in bad.json()
    ok = api.post(f"/api/tournaments/{slug}/status/", {"status": "registration"}, format="json")
    assert ok.json()["status"] == "registration"
    listed = api.get("/api/tournaments/?season__year=2026").json()["results"]
    assert [t["slug"] for t in listed] == [slug]


def test_register_check_in_draw_swap_publish(
    api: APIClient, director: User, tournament: Tournament, field: Callable[..., list[Entry]]
) -> None:
    api.force_authenticate(director)
    field(7)
    player = PlayerFactory()
    reg = api.post(f"/api/tournaments/{tournament.slug}/entries/", {"player": player.pk})
    assert reg.status_code == 201
    dup = api.post(f"/api/tournaments/{tournament.slug}/entries/", {"player": player.pk})
    assert dup.status_code == 409 and "player" in dup.json()
    entry_id = reg.json()["id"]
    assert api.post(f"/api/entries/{entry_id}/check-in/", {}).json()["status"] == "checked_in"
    word = PlayingWordFactory()
    made = api.post(f"/api/tournaments/{tournament.slug}/rounds/", {"word": word.pk})
    assert made.status_code == 201
    round_id = made.json()["id"]
    started = api.post(f"/api/rounds/{round_id}/draw/", {"seed": 11}, format="json")
    assert started.status_code == 202
    assert api.get(f"/api/rounds/{round_id}/draw/").json() == {
        "status": "draft",
        "done": True,
        "error": "",
    }
    round = api.get(f"/api/rounds/{round_id}/").json()
    assert [len(t["seats"]) for t in round["tables"]] == [4, 4]
    a, b = round["tables"][0]["seats"][0], round["tables"][1]["seats"][0]
    swapped = api.post(
        f"/api/rounds/{round_id}/swap/", {"seat": a["id"], "entry": b["entry"]}, format="json"
    )
    assert swapped.status_code == 200
    assert swapped.json()["tables"][0]["seats"][0]["entry"] == b["entry"]
    assert api.post(f"/api/rounds/{round_id}/publish/").json()["status"] == "published"
    api.force_authenticate(None)
    public = api.get(f"/api/rounds/{round_id}/").json()
    assert len(public["tables"]) == 2


def test_draft_draw_is_hidden_from_the_public(
    api: APIClient, director: User, tournament: Tournament, field: Callable[..., list[Entry]]
) -> None:
    people = field(8)
    round = Round.objects.create(tournament=tournament, number=1, word=PlayingWordFactory())
    api.force_authenticate(director)
    tables = [[e.pk for e in people[:4]], [e.pk for e in people[4:]]]
    answer = api.post(f"/api/rounds/{round.pk}/draw/manual/", {"tables": tables}, format="json")
    assert answer.status_code == 200
    api.force_authenticate(None)
    assert api.get(f"/api/rounds/{round.pk}/").json()["tables"] == []
    round.refresh_from_db()
    assert round.status == RoundStatus.DRAFT


def test_bad_manual_draw_is_a_400_naming_tables(
    api: APIClient, director: User, tournament: Tournament, field: Callable[..., list[Entry]]
) -> None:
    people = field(8)
    round = Round.objects.create(tournament=tournament, number=1, word=PlayingWordFactory())
    api.force_authenticate(director)
    tables = [[e.pk for e in people[:3]], [e.pk for e in people[3:]]]
    answer = api.post(f"/api/rounds/{round.pk}/draw/manual/", {"tables": tables}, format="json")
    assert answer.status_code == 409 and "tables" in answer.json()
    assert not round.tables.exists()


@pytest.mark.django_db
def test_a_seat_swap_on_a_round_id_past_the_database_range_is_a_404() -> None:
    admin = User.objects.create_superuser("swapper", "s@scwu.example", "pw-12345678")
    client = APIClient()
    client.force_authenticate(admin)
    response = client.post(
        "/api/rounds/18922629061878726656/swap/",
        {"seat": 1, "entry": 1},
        format="json",
    )
    assert response.status_code == 404
