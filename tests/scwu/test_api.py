from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from scwu.models import Player, PlayingWord
from tests.factories import CommissionMemberFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def test_schema_is_served_as_openapi_3(api: APIClient) -> None:
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert "/api/players/register/" in schema["paths"]
    assert "/api/words/{id}/reviews/" in schema["paths"]


def test_interactive_docs_render(api: APIClient) -> None:
    assert api.get("/api/docs/").status_code == 200


def test_players_are_public_to_read(api: APIClient) -> None:
    PlayerFactory(nickname="LUMIR")
    response = api.get("/api/players/?search=lum")
    assert response.status_code == 200
    assert [p["nickname"] for p in response.json()["results"]] == ["LUMIR"]


def test_register_player_duplicate_names_the_field(api: APIClient, director: User) -> None:
    PlayerFactory(nickname="Lumír")
    api.force_authenticate(director)
    response = api.post("/api/players/register/", {"nickname": "LUMIR"}, format="json")
    assert response.status_code == 409
    assert "nickname" in response.json()
    assert Player.objects.count() == 1


def test_register_player_as_public_is_refused(api: APIClient) -> None:
    response = api.post("/api/players/register/", {"nickname": "X"}, format="json")
    assert response.status_code in (401, 403)
    assert not Player.objects.exists()


def test_register_player_as_plain_user_is_forbidden(api: APIClient, plain_user: User) -> None:
    api.force_authenticate(plain_user)
    response = api.post("/api/players/register/", {"nickname": "X"}, format="json")
    assert response.status_code == 403
    assert "role" in response.json()["detail"]


def test_word_with_digits_gets_400_naming_letters(api: APIClient, plain_user: User) -> None:
    api.force_authenticate(plain_user)
    response = api.post(
        "/api/words/propose/", {"letters": "T0NDA", "language": "cs"}, format="json"
    )
    assert response.status_code == 409
    assert "letters" in response.json()
    assert not PlayingWord.objects.exists()


def test_review_workflow_over_the_api(api: APIClient, plain_user: User) -> None:
    api.force_authenticate(plain_user)
    word_id = api.post(
        "/api/words/propose/", {"letters": "TONDA", "language": "cs"}, format="json"
    ).json()["id"]
    # A non-member is refused.
    assert api.post(f"/api/words/{word_id}/reviews/", {"verdict": "approve"}).status_code == 403
    member = CommissionMemberFactory(user=UserFactory(username="m1")).user
    api.force_authenticate(member)
    first = api.post(f"/api/words/{word_id}/reviews/", {"verdict": "approve"}, format="json")
    assert first.status_code == 201
    again = api.post(f"/api/words/{word_id}/reviews/", {"verdict": "approve"}, format="json")
    assert again.status_code == 409 and "word" in again.json()


def test_ban_over_the_api_then_listed(api: APIClient, admin_user: User) -> None:
    player = PlayerFactory()
    api.force_authenticate(admin_user)
    response = api.post("/api/bans/", {"player": player.pk, "reason": "Renonc B"}, format="json")
    assert response.status_code == 201
    assert [b["player"] for b in api.get("/api/bans/").json()] == [player.nickname]
