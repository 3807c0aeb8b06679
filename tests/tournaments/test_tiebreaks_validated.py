"""Tie-breaks are names from the standings' registry, refused anywhere else on save."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from tests.factories import SeasonFactory, SeriesFactory, TournamentFactory
from tournaments.models.tournament import default_tiebreaks
from tournaments.standings import DEFAULT_PRECEDENCE

pytestmark = pytest.mark.django_db


def test_the_default_tiebreaks_are_the_standings_default() -> None:
    assert default_tiebreaks() == list(DEFAULT_PRECEDENCE)


@pytest.mark.parametrize(
    ("tiebreaks", "said"),
    [
        (["no_such_metric"], "no_such_metric"),
        (["success_rate", "success_rate"], "once"),
        ([], "blank"),
        ("success_rate", "one or more"),
        ([1, 2], "one or more"),
    ],
)
def test_a_tiebreak_the_standings_cannot_rank_by_is_refused_on_save(
    tiebreaks: object, said: str
) -> None:
    tournament = TournamentFactory()
    tournament.tiebreaks = tiebreaks
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert said in " ".join(refused.value.message_dict["tiebreaks"])


def test_the_api_refuses_an_unknown_tiebreak_naming_it(director: User) -> None:
    SeasonFactory(year=2026)
    SeriesFactory(slug="classic")
    api = APIClient()
    api.force_authenticate(director)
    body = {
        "name": "Jarní Classic",
        "season": 2026,
        "series": "classic",
        "start_date": "2026-04-04",
        "end_date": "2026-04-04",
        "tiebreaks": ["success_rate", "no_such_metric"],
    }
    refused = api.post("/api/tournaments/create/", body, format="json")
    assert refused.status_code == 400
    assert "no_such_metric" in str(refused.json()["tiebreaks"])
    body["tiebreaks"] = ["placky", "success_rate"]
    created = api.post("/api/tournaments/create/", body, format="json")
    assert created.status_code == 201, created.json()
