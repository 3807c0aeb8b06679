"""The standings documents keep to their typed contracts (:mod:`tournaments.exports.documents`):
the API's answers and the JSON export, and the serializers that document them."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.results_setup import Scene, make_scene
from tests.typed_json import mismatches, serializer_mismatches
from tournaments.api.results import (
    ClassificationDocumentSerializer,
    StandingsDocumentSerializer,
)
from tournaments.exports.documents import ClassificationDocument, StandingsDocument

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene() -> Scene:
    scene = make_scene()
    scene.lose("C", "C", "A")
    return scene


def test_the_standings_answer_keeps_to_the_contract(scene: Scene) -> None:
    body = scene.client_for(None).get(f"/api/tournaments/{scene.slug}/standings/").json()
    assert mismatches(body, StandingsDocument) == []
    assert body["standings"] and all("round" not in row for row in body["standings"])


def test_a_rounds_standings_carry_the_rounds_tally(scene: Scene) -> None:
    body = scene.client_for(None).get(f"/api/tournaments/{scene.slug}/rounds/1/standings/").json()
    assert mismatches(body, StandingsDocument) == []
    assert body["round"] == 1 and all("round" in row for row in body["standings"])


def test_the_classification_answer_and_the_json_export_keep_to_the_contract(
    scene: Scene,
) -> None:
    client = scene.client_for(None)
    body = client.get(f"/api/tournaments/{scene.slug}/classification/").json()
    assert mismatches(body, ClassificationDocument) == []
    export = client.get(f"/tournaments/{scene.slug}/results/standings.json")
    assert mismatches(json.loads(export.content), StandingsDocument) == []


def test_the_results_serializers_declare_exactly_the_contract() -> None:
    assert serializer_mismatches(StandingsDocumentSerializer(), StandingsDocument) == []
    assert serializer_mismatches(ClassificationDocumentSerializer(), ClassificationDocument) == []
