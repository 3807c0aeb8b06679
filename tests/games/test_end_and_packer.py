"""How a deal ended and who packed it agree, whichever way the deal is entered: a packed
deal names its packer, and only a packed deal has one (a 409 naming ``packer``)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import DealEntry
from tests.games.conftest import Setup

pytestmark = pytest.mark.django_db

PACKED_BY_C = {"A": 7, "B": 0, "C": 26, "D": 0}


def _post(s: Setup, body: dict[str, Any]) -> Any:
    client = APIClient()
    client.force_authenticate(s.judge)
    return client.post(f"/api/games/tables/{s.table.pk}/deals/", {"number": 1, **body})


@pytest.mark.parametrize(
    "body",
    [
        {"losers": ["C"], "end": "packed"},
        {"points": PACKED_BY_C, "end": "packed"},
    ],
    ids=["loser", "points"],
)
def test_a_packed_deal_without_its_packer_is_refused_naming_the_packer(
    setup: Setup, body: dict[str, Any]
) -> None:
    answer = _post(setup, body)
    assert answer.status_code == 409, answer.content
    assert "packer" in answer.json()
    assert not DealEntry.objects.exists()


@pytest.mark.parametrize("end", ["played", "early"])
def test_a_packer_on_a_deal_that_was_not_packed_is_refused(setup: Setup, end: str) -> None:
    answer = _post(setup, {"losers": ["C"], "end": end, "packer": "C"})
    assert answer.status_code == 409, answer.content
    assert "packer" in answer.json()
    assert not DealEntry.objects.exists()


def test_a_packed_deal_with_its_packer_is_recorded(setup: Setup) -> None:
    answer = _post(setup, {"points": PACKED_BY_C, "end": "packed", "packer": "C"})
    assert answer.status_code == 201, answer.content
    assert DealEntry.objects.get().losers == ["C"]
