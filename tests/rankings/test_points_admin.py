"""The admin refuses a points table with a gap or rising points, and saves nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import UserFactory
from tests.rankings.factories import category_create
from tournaments.models import Category, CategoryPoints


@pytest.fixture
def admin_client_(db: None) -> Client:
    client = Client()
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def _post(client: Client, category: Category, rows: list[tuple[int, int]]) -> str:
    data: dict[str, object] = {
        "name": category.name,
        "code": category.code,
        "points-TOTAL_FORMS": len(rows),
        "points-INITIAL_FORMS": 0,
        "points-MIN_NUM_FORMS": 0,
        "points-MAX_NUM_FORMS": 1000,
        # The team points' table, untouched here.
        "team_points-TOTAL_FORMS": 0,
        "team_points-INITIAL_FORMS": 0,
        "team_points-MIN_NUM_FORMS": 0,
        "team_points-MAX_NUM_FORMS": 1000,
    }
    for i, (place, points) in enumerate(rows):
        data[f"points-{i}-place"] = place
        data[f"points-{i}-points"] = points
    response = client.post(f"/admin/tournaments/category/{category.pk}/change/", data)
    return "" if response.status_code == 302 else response.content.decode()


@pytest.mark.parametrize(
    ("rows", "reason"),
    [
        ([(1, 100), (3, 60)], "place 2 is missing"),
        ([(1, 60), (2, 80)], "must not increase with the place"),
    ],
)
def test_a_bad_points_table_is_refused_with_the_reason(
    admin_client_: Client, rows: list[tuple[int, int]], reason: str
) -> None:
    category = category_create("greenhorn", [])

    html = _post(admin_client_, category, rows)

    assert reason in html
    assert not CategoryPoints.objects.filter(category=category).exists()


def test_a_sound_points_table_is_saved(admin_client_: Client) -> None:
    category = category_create("greenhorn", [])

    assert _post(admin_client_, category, [(1, 100), (2, 80), (3, 80)]) == ""

    assert dict(category.points.values_list("place", "points")) == {1: 100, 2: 80, 3: 80}
