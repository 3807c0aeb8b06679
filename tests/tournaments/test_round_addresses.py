"""One address per round: ``/tournaments/<slug>/rounds/<number>/...``. The former addresses
(the dashboard by the round's id, the exports under the results) redirect there for good."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.games.conftest import make_setup

pytestmark = pytest.mark.django_db


def test_the_dashboard_by_id_redirects_permanently_to_the_rounds_address() -> None:
    s = make_setup()
    answer = Client().get(f"/games/rounds/{s.round.pk}/")
    canonical = f"/tournaments/{s.tournament.slug}/rounds/{s.round.number}/dashboard/"
    assert (answer.status_code, answer["Location"]) == (301, canonical)
    assert canonical == reverse("games:dashboard", args=[s.tournament.slug, s.round.number])
    assert Client().get(canonical).status_code == 200


def test_an_unknown_round_id_is_a_404_not_a_redirect() -> None:
    s = make_setup()
    assert Client().get(f"/games/rounds/{s.round.pk + 1000}/").status_code == 404


@pytest.mark.parametrize("kind", ["standings.csv", "standings.json", "deals.scn"])
def test_a_rounds_former_export_address_redirects_permanently(kind: str) -> None:
    s = make_setup()
    slug = s.tournament.slug
    answer = Client().get(f"/tournaments/{slug}/results/rounds/1/{kind}")
    assert (answer.status_code, answer["Location"]) == (301, f"/tournaments/{slug}/rounds/1/{kind}")
