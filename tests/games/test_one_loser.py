"""A deal has one loser unless the tournament lets both seats tied without Hejma lose."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from games import services
from games.models import DealEntry
from tests.games.conftest import Setup

pytestmark = pytest.mark.django_db


def _post(s: Setup, losers: list[str]) -> tuple[int, dict[str, object]]:
    client = APIClient()
    client.force_authenticate(s.judge)
    answer = client.post(
        f"/api/games/tables/{s.table.pk}/deals/", {"number": 1, "losers": losers}, format="json"
    )
    return answer.status_code, answer.json()


def test_two_losers_are_refused_where_a_deal_has_one_loser(setup: Setup) -> None:
    assert setup.tournament.tie_without_hejma == "last_trick"
    status, body = _post(setup, ["C", "D"])
    assert status == 409
    assert "one loser" in str(body["losers"])
    assert not DealEntry.objects.exists()
    assert setup.words() == {"A": "", "B": "", "C": "", "D": ""}


def test_two_losers_are_recorded_where_both_tied_seats_lose(setup: Setup) -> None:
    setup.tournament.tie_without_hejma = "both"
    setup.tournament.save(update_fields=["tie_without_hejma"])
    status, _body = _post(setup, ["C", "D"])
    assert status == 201
    assert setup.words() == {"A": "", "B": "", "C": "T", "D": "T"}


def test_a_correction_to_two_losers_is_refused_too(setup: Setup) -> None:
    setup.lose("C")
    deal = DealEntry.objects.get()
    with pytest.raises(ValidationError) as exc:
        services.deal_correct(by=setup.head_referee, deal=deal, reason="typo", losers=["C", "D"])
    assert "one loser" in str(exc.value)
    assert setup.words() == {"A": "", "B": "", "C": "T", "D": ""}
