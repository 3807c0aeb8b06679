"""The results API: standings, classification, per-round standings and exports, in the
OpenAPI schema, cache-friendly (ETag on the results version) and obeying release control."""

from __future__ import annotations

import csv
import io

import pytest

from tests.tournaments.results_setup import Scene, make_scene
from tournaments.api.results import StandingsDocumentSerializer

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene() -> Scene:
    return make_scene()


def _api(scene: Scene, path: str) -> str:
    return f"/api/tournaments/{scene.slug}/{path}"


def test_standings_give_rows_cut_and_version(scene: Scene) -> None:
    scene.lose("C", "C", "A")
    response = scene.client_for(None).get(_api(scene, "standings/"))
    assert response.status_code == 200
    data = response.json()
    assert StandingsDocumentSerializer(data=data).is_valid()
    assert [(r["place"], r["nickname"]) for r in data["standings"]] == [
        (1, "KAREL"),
        (1, "PEPA"),
        (3, "LUMIR"),
        (4, "ONDRA"),
    ]
    ondra = data["standings"][-1]
    assert (ondra["deals_played"], ondra["deals_lost"], ondra["success_rate"]) == (3, 2, 33.3)
    assert ondra["club"] == "Royal SCC Vinohrady" and ondra["country"] == "CZE"
    # Round 1 is being played: no cut yet, nor a classification.
    assert data["cut"] is None and data["classification"] is None
    assert data["includes_unreleased"] is False


def test_standings_version_changes_after_a_deal_and_etag_answers_304(scene: Scene) -> None:
    client = scene.client_for(None)
    first = client.get(_api(scene, "standings/"))
    tag = first["ETag"]
    again = client.get(_api(scene, "standings/"), HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    scene.lose("B")
    after = client.get(_api(scene, "standings/"), HTTP_IF_NONE_MATCH=tag)
    assert after.status_code == 200 and after["ETag"] != tag
    assert after.json()["version"] > first.json()["version"]
    karel = next(r for r in after.json()["standings"] if r["nickname"] == "KAREL")
    assert karel["deals_lost"] == 1


def test_held_round_is_hidden_from_the_public_but_not_from_directors(scene: Scene) -> None:
    scene.lose("C")
    round2, table2 = scene.second_round()
    scene.lose("A", "A", table=table2)
    scene.hold(round2)
    public = scene.client_for(None).get(_api(scene, "standings/")).json()
    assert public["visible_rounds"] == [1]
    assert all(r["deals_played"] == 0 for r in public["standings"] if r["nickname"] == "Player4")
    refused = scene.client_for(None).get(_api(scene, "rounds/2/standings/"))
    assert refused.status_code == 403
    assert "held back" in refused.json()["detail"]

    director = scene.client_for(scene.director)
    full = director.get(_api(scene, "standings/")).json()
    assert full["visible_rounds"] == [1, 2] and full["includes_unreleased"] is True
    round2_rows = director.get(_api(scene, "rounds/2/standings/")).json()["standings"]
    loser = next(r for r in round2_rows if r["round"]["deals_lost"] == 2)
    assert loser["round"] == {
        "deals_played": 2,
        "deals_lost": 2,
        "success_rate": 0.0,
        "placka": False,
        "penalty_points": None,
    }


def test_round_standings_of_an_unknown_round_are_not_found(scene: Scene) -> None:
    assert scene.client_for(None).get(_api(scene, "rounds/7/standings/")).status_code == 404


def test_classification_is_null_before_a_final(scene: Scene) -> None:
    data = scene.client_for(None).get(_api(scene, "classification/")).json()
    assert data["classification"] is None and data["tournament"] == scene.slug


def test_exports_through_the_api(scene: Scene) -> None:
    scene.lose("C")
    client = scene.client_for(None)
    text = client.get(_api(scene, "exports/standings.csv")).content.decode("utf-8-sig")
    assert next(csv.reader(io.StringIO(text)))[:4] == ["place", "shared", "player_id", "nickname"]
    assert client.get(_api(scene, "exports/standings.json")).json()["tournament"] == scene.slug
    assert b"# deal 1: C" in client.get(_api(scene, "exports/deals.scn")).content
    assert client.get(_api(scene, "exports/deals.scn"), {"round": "1"}).status_code == 200
    bad = client.get(_api(scene, "exports/deals.scn"), {"round": "one"})
    assert bad.status_code == 400 and "round" in bad.json()
    assert client.get(_api(scene, "exports/points.xls")).status_code == 404


def test_export_of_a_held_round_through_the_api_is_refused(scene: Scene) -> None:
    scene.hold(scene.setup.round)
    response = scene.client_for(None).get(_api(scene, "exports/deals.scn"), {"round": "1"})
    assert response.status_code == 403
    assert "held back" in response.json()["detail"]


def test_results_endpoints_are_in_the_openapi_schema(scene: Scene) -> None:
    schema = scene.client_for(None).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    for path in (
        "/api/tournaments/{slug}/standings/",
        "/api/tournaments/{slug}/classification/",
        "/api/tournaments/{slug}/rounds/{number}/standings/",
        "/api/tournaments/{slug}/exports/{kind}",
    ):
        assert "get" in paths[path], path
    row = schema["components"]["schemas"]["StandingRow"]["properties"]
    assert {"place", "success_rate", "in_cut", "at_cut_tie"} <= set(row)
