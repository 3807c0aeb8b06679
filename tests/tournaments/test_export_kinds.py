"""One registry of export kinds (``tournaments.exports.kinds``): the results pages' links, the
tournament's and a round's addresses (the former ones too), the API's schema and refusal and
the download's type and name all derive from it, so a kind is added or changed in one place."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import NoReverseMatch, reverse

import tournaments.exports.kinds as kinds
from tests.tournaments.results_setup import Scene, make_scene
from tournaments.exports.kinds import EXPORT_KINDS, ExportKind, page_exports
from tournaments.models import TeamMode, Tournament
from tournaments.results.selectors import TournamentResults, tournament_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene() -> Scene:
    scene = make_scene()
    scene.lose("A", "B")
    return scene


def test_every_export_kind_has_its_link_addresses_and_api_schema_entry(scene: Scene) -> None:
    # With teams, so that the live page shows the team classification and its files too.
    Tournament.objects.filter(slug=scene.slug).update(team_mode=TeamMode.BESIDE)
    client = Client()
    pages = {
        name: client.get(reverse(f"results-{name}", args=[scene.slug])).content.decode()
        for name in ("live", "final", "chart")
    }
    page = pages["live"]
    for name, html in pages.items():  # each page links the files in its own order
        for kind in page_exports(name):
            assert f'data-export="{kind.name}">{kind.label}</a>' in html, (name, kind.name)
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/tournaments/{slug}/exports/{kind}"]["get"]
    kind_parameter = next(p for p in operation["parameters"] if p["name"] == "kind")
    assert sorted(kind_parameter["schema"]["enum"]) == sorted(kind.name for kind in EXPORT_KINDS)
    for kind in EXPORT_KINDS:
        whole = reverse(kind.url_name, args=[scene.slug])
        assert f'href="{whole}" data-export="{kind.name}">{kind.label}</a>' in page
        rounds = [reverse(kind.round_url_name, args=[scene.slug, 1])] if kind.per_round else []
        for url in (whole, *rounds, f"/api/tournaments/{scene.slug}/exports/{kind.name}"):
            answer = client.get(url)
            assert answer.status_code == 200, url
            assert isinstance(kind.build(*_inputs(scene, None)), bytes) == kind.is_binary
            assert answer["Content-Type"] == kind.media_type
            assert answer["Content-Disposition"].endswith(f'-{kind.name}"')
        former = client.get(f"/tournaments/{scene.slug}/results/rounds/1/{kind.name}")
        assert former.status_code == (301 if kind.per_round else 404)
        if not kind.per_round:  # the whole tournament's only: no round's address, nor ?round=
            with pytest.raises(NoReverseMatch):
                reverse(kind.round_url_name, args=[scene.slug, 1])
            api = client.get(f"/api/tournaments/{scene.slug}/exports/{kind.name}?round=1")
            assert api.status_code == 404
            assert (
                api.json()["detail"] == "This file is the whole tournament's only, not a round's."
            )


def _inputs(scene: Scene, number: int | None) -> tuple[Tournament, TournamentResults, int | None]:
    tournament = Tournament.objects.get(slug=scene.slug)
    return tournament, tournament_results(tournament, include_unreleased=True), number


def test_the_api_refuses_an_unknown_kind_naming_every_kind(scene: Scene) -> None:
    answer = Client().get(f"/api/tournaments/{scene.slug}/exports/standings.xml")
    assert answer.status_code == 404
    for kind in EXPORT_KINDS:
        assert kind.name in answer.json()["detail"]


@pytest.fixture
def one_more_kind(monkeypatch: pytest.MonkeyPatch) -> Iterator[ExportKind]:
    """A kind added to the registry alone (its builder a plain text)."""
    extra = dataclasses.replace(
        EXPORT_KINDS[0],
        name="places.txt",
        label="Places",
        media_type="text/plain",
        build=lambda tournament, results, number: "places",
    )
    monkeypatch.setattr(kinds, "EXPORT_KINDS", (*EXPORT_KINDS, extra))
    monkeypatch.setitem(kinds.EXPORTS, extra.name, extra)
    yield extra


def test_a_kind_added_to_the_registry_is_served_by_the_api_without_another_change(
    scene: Scene, one_more_kind: ExportKind
) -> None:
    answer = Client().get(f"/api/tournaments/{scene.slug}/exports/{one_more_kind.name}")
    assert answer.status_code == 200 and answer.content == b"places"
    assert answer["Content-Disposition"] == f'attachment; filename="{scene.slug}-places.txt"'
