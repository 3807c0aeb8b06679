from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from games.smoke.models import SmokeHand, SmokeSession
from tests.factories import ClubFactory, PlayerFactory
from tests.smoke.conftest import HAND_1, HAND_2, HAND_3, SEEDS_READOUT

pytestmark = pytest.mark.django_db


def client_for(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_create_session_makes_the_caller_scorekeeper(plain_user: User) -> None:
    club = ClubFactory(slug="vt-4")
    player = PlayerFactory(nickname="Puresome")
    response = client_for(plain_user).post(
        "/api/smoke/sessions/",
        {
            "name": "Ready room",
            "club": "vt-4",
            "participants": [{"name": "Jim"}, {"name": "Bud"}, {"player": player.pk}],
            "first_dealer": "Bud",
            "start": 12,
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["scorekeeper"] == "plain-user"
    assert body["club"] == club.slug
    assert [p["name"] for p in body["participants"]] == ["Jim", "Bud", "Puresome"]
    assert body["participants"][2]["player"] == player.pk
    assert body["next_dealer"] == "Bud"
    assert body["rules"]["start"] == 12
    assert {row["tally"] for row in body["tally"]} == {12}
    assert body["readout"] is None


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"participants": [{"name": "Jim"}, {"name": "Bud"}]}, "participants"),
        ({"first_dealer": "Zed"}, "first_dealer"),
        ({"name": ""}, "name"),
    ],
)
def test_create_refusals_name_the_field(
    plain_user: User, payload: dict[str, Any], field: str
) -> None:
    data: dict[str, Any] = {
        "name": "x",
        "participants": [{"name": "Jim"}, {"name": "Bud"}, {"name": "Tom"}],
        "first_dealer": "Jim",
    }
    data.update(payload)
    response = client_for(plain_user).post("/api/smoke/sessions/", data, format="json")
    assert response.status_code in (400, 409)
    assert field in response.json()
    assert not SmokeSession.objects.exists()


def test_anonymous_cannot_create(db: None) -> None:
    response = client_for(None).post("/api/smoke/sessions/", {}, format="json")
    assert response.status_code == 403


def test_record_hands_and_read_the_tally(session: SmokeSession, keeper: User) -> None:
    client = client_for(keeper)
    url = f"/api/smoke/sessions/{session.pk}/hands/"
    for hand in (HAND_1, HAND_2):
        assert client.post(url, hand, format="json").status_code == 201
    response = client.post(url, HAND_3, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["hand"]["number"] == 3
    assert body["hand"]["sat"] == ["Bud", "Whiz"]
    assert body["hand"]["readout"]["text"] == SEEDS_READOUT
    assert body["session"]["next_dealer"] == "Puresome"
    tally = {row["name"]: row for row in body["session"]["tally"]}
    assert tally["Whiz"]["mustie"] and tally["Whiz"]["must_play"]
    assert tally["Tom"]["in_the_box"]

    detail = client_for(None).get(f"/api/smoke/sessions/{session.pk}/").json()
    assert [h["number"] for h in detail["hands"]] == [1, 2, 3]
    assert detail["readout"]["text"] == SEEDS_READOUT
    listing = client_for(None).get("/api/smoke/sessions/").json()
    assert listing["count"] == 1
    assert listing["results"][0]["tally"][0] == tally["Jim"]


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"stayed": ["Jim"], "tricks": {"Jim": 4}}, "tricks"),
        ({"stayed": ["Jim", "Bud"], "tricks": {"Jim": 3, "Bud": 2}}, "first_trick"),
        ({"stayed": ["Jim"], "tricks": {"Jim": 5}, "dealer": "Tom"}, "dealer"),
        ({"stayed": ["Zed"], "tricks": {"Zed": 5}}, "stayed"),
        ({"stayed": ["Jim"], "tricks": {"Jim": 9}}, "tricks"),
        ({"stayed": ["Jim"], "tricks": {"Jim": 5}, "infractions": [{"who": "Zed"}]}, "infractions"),
    ],
)
def test_record_refusals_are_400_naming_the_field(
    session: SmokeSession, keeper: User, hand: dict[str, Any], field: str
) -> None:
    response = client_for(keeper).post(
        f"/api/smoke/sessions/{session.pk}/hands/", hand, format="json"
    )
    assert response.status_code in (400, 409)
    assert field in response.json()
    assert not SmokeHand.objects.exists()


def test_mustie_refusal_names_stayed(session_at_readout: SmokeSession, keeper: User) -> None:
    hand = {"stayed": ["Jim", "Tom"], "tricks": {"Jim": 3, "Tom": 2}, "first_trick": "Jim"}
    response = client_for(keeper).post(
        f"/api/smoke/sessions/{session_at_readout.pk}/hands/", hand, format="json"
    )
    assert response.status_code == 409
    assert "Whiz has sat twice" in response.json()["stayed"][0]


@pytest.mark.parametrize("who", ["plain_user", None])
def test_others_get_403_on_record_and_undo(
    session_at_readout: SmokeSession, request: pytest.FixtureRequest, who: str | None
) -> None:
    client = client_for(request.getfixturevalue(who) if who else None)
    base = f"/api/smoke/sessions/{session_at_readout.pk}"
    assert client.post(f"{base}/hands/", HAND_1, format="json").status_code == 403
    assert client.post(f"{base}/undo/").status_code == 403
    assert session_at_readout.hands.count() == 3


@pytest.mark.parametrize("who", ["director", "referee", "admin_user"])
def test_officials_may_undo(
    session_at_readout: SmokeSession, request: pytest.FixtureRequest, who: str
) -> None:
    client = client_for(request.getfixturevalue(who))
    response = client.post(f"/api/smoke/sessions/{session_at_readout.pk}/undo/")
    assert response.status_code == 200
    assert response.json()["hand_count"] == 2


def test_undo_with_nothing_to_undo_is_400(session: SmokeSession, keeper: User) -> None:
    response = client_for(keeper).post(f"/api/smoke/sessions/{session.pk}/undo/")
    assert response.status_code == 409
    assert "session" in response.json()


def test_readout_as_json_text_and_spoken(session_at_readout: SmokeSession) -> None:
    client = client_for(None)
    url = f"/api/smoke/sessions/{session_at_readout.pk}/readout/"
    body = client.get(url).json()
    assert body["reader"] == "Puresome"
    assert body["text"] == SEEDS_READOUT
    assert body["lines"][2]["mustie"] is True
    text = client.get(url, {"as": "text"})
    assert text["Content-Type"].startswith("text/plain")
    assert text.content.decode() == SEEDS_READOUT
    spoken = client.get(url, {"as": "spoken", "hand": 1}).content.decode()
    assert spoken.startswith("Attention to tally. Puresome, fifteen, going up")
    assert client.get(url, {"hand": 9}).status_code == 409
    assert "as" in client.get(url, {"as": "xml"}).json()


def test_readout_before_any_hand_is_400(session: SmokeSession) -> None:
    response = client_for(None).get(f"/api/smoke/sessions/{session.pk}/readout/")
    assert response.status_code == 409
    assert "hand" in response.json()


def test_unknown_session_is_404(db: None) -> None:
    assert client_for(None).get("/api/smoke/sessions/999/").status_code == 404


@pytest.mark.parametrize(
    ("line", "words", "substitutes"),
    [
        ("Who has the Queen of Hearts?", ["Queen", "Hearts"], ["tits", "bleeders"]),
        ("the dealer's card table", ["dealer", "card table"], ["distributor", "mesa"]),
        ("Trump the kings!", ["Trump", "kings"], ["smoke", "kack"]),
        ("heartless kingdom, often", [], []),
    ],
)
def test_jargon_check(line: str, words: list[str], substitutes: list[str]) -> None:
    response = client_for(None).post("/api/smoke/jargon/", {"line": line}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert [f["word"] for f in body["findings"]] == words
    assert [f["substitutes"][0] for f in body["findings"]] == substitutes
    assert body["clean"] is (not words)


def test_jargon_suggestion_and_ambiguous_numbers(db: None) -> None:
    body = (
        client_for(None)
        .post("/api/smoke/jargon/", {"line": "Trump the kings, draw two"}, format="json")
        .json()
    )
    assert body["suggestion"] == "Smoke the kacks, draw wee one"
    assert body["findings"][-1]["ambiguous"] is True


def test_jargon_needs_a_line(db: None) -> None:
    response = client_for(None).post("/api/smoke/jargon/", {}, format="json")
    assert response.status_code == 400
    assert "line" in response.json()


def test_schema_documents_the_smoke_api(db: None) -> None:
    schema = client_for(None).get("/api/schema/").content.decode()
    for path in ("/api/smoke/sessions/{id}/hands/", "/api/smoke/jargon/", "/readout/"):
        assert path in schema
