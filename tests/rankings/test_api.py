"""Rankings API: in the schema, season ranking, qualification, records, a player's history."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.rankings.conftest import SeasonSetup
from tournaments.rankings.services import season_rankings_compute


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_schema_lists_the_rankings_operations(api: APIClient, db: None) -> None:
    paths = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()["paths"]

    for path in [
        "/api/seasons/{year}/ranking/{kind}/",
        "/api/seasons/{year}/qualification/",
        "/api/records/",
        "/api/players/{id}/history/",
    ]:
        assert path in paths, path


def test_season_ranking_of_players(api: APIClient, season_2026: SeasonSetup) -> None:
    season_rankings_compute(season_2026.season.pk)

    data = api.get("/api/seasons/2026/ranking/players/").json()

    assert data["season"] == 2026
    assert [(r["place"], r["name"], r["points"]) for r in data["rows"]] == [
        (1, "Cyril", "270.00"),
        (2, "Ada", "250.00"),
        (3, "Dana", "150.00"),
        (4, "Bob", "150.00"),
    ]
    assert data["rows"][0]["masters"] == "in"


def test_season_ranking_of_clubs(api: APIClient, season_2026: SeasonSetup) -> None:
    season_rankings_compute(season_2026.season.pk)

    data = api.get("/api/seasons/2026/ranking/clubs/").json()

    assert [(r["name"], r["id"]) for r in data["rows"]] == [
        ("SCC Karlin", season_2026.clubs["karlin"].pk),
        ("Royal SCC Vinohrady", season_2026.clubs["vinohrady"].pk),
    ]


def test_unknown_ranking_kind_is_404_with_the_reason(
    api: APIClient, season_2026: SeasonSetup
) -> None:
    response = api.get("/api/seasons/2026/ranking/teams/")

    assert response.status_code == 404
    assert "players" in response.json()["detail"]


def test_qualification_lists(api: APIClient, season_2026: SeasonSetup) -> None:
    season_rankings_compute(season_2026.season.pk)

    data = api.get("/api/seasons/2026/qualification/").json()

    assert [p["nickname"] for p in data["player_of_the_year"]] == ["Cyril"]
    assert data["masters"]["size"] == 10
    assert [p["nickname"] for p in data["masters"]["qualified"]] == ["Cyril", "Ada", "Dana", "Bob"]
    assert data["world_series"]["tied"] == []


def test_records(api: APIClient, season_2026: SeasonSetup) -> None:
    data = api.get("/api/records/").json()

    titles = next(t for t in data if t["key"] == "most_titles")
    assert [(line["nickname"], line["value"]) for line in titles["lines"]] == [
        ("Ada", "1"),
        ("Cyril", "1"),
        ("Dana", "1"),
    ]


def test_player_history(api: APIClient, season_2026: SeasonSetup) -> None:
    ada = season_2026.players["Ada"]

    data = api.get(f"/api/players/{ada.pk}/history/").json()

    assert data["titles"] == 1
    assert data["success_rate"] == "70.0 %"
    assert [(h["tournament_name"], h["place"], h["points"]) for h in data["history"]] == [
        ("Classic Brno", 1, "100.00"),
        ("Major Praha", 2, "150.00"),
    ]
