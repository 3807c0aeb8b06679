"""The teams API: a tournament's teams and one team (public), entering, changing and
withdrawing a team through the team services (refusals as 4xx with the reason, nothing
written), the team classification, the team settings of tournaments and series, and the
schema that says all of it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.tournaments.team_scene import TeamScene
from tournaments.models import Team, TeamMember

pytestmark = pytest.mark.django_db


def _director(scene: TeamScene) -> Client:
    return scene.scene.client_for(scene.scene.director)


def _snapshot(scene: TeamScene) -> list[tuple[Any, ...]]:
    return sorted(
        TeamMember.objects.filter(team__tournament=scene.tournament).values_list(
            "team__name", "entry__player_id", "is_substitute"
        )
    )


def test_the_public_lists_a_tournaments_teams_and_reads_one(teams: TeamScene) -> None:
    listed = Client().get(f"/api/tournaments/{teams.slug}/teams/").json()
    assert [(t["name"], t["club"]) for t in listed] == [
        ("Bílá Hora", teams.away.slug),
        ("Vinohrady", teams.home.slug),
    ]
    one = Client().get(f"/api/teams/{teams.vinohrady.pk}/").json()
    assert one["tournament"] == teams.slug and one["club_name"] == "Royal SCC Vinohrady"
    assert sorted(m["nickname"] for m in one["members"]) == ["KAREL", "LUMIR"]
    assert not any(m["is_substitute"] for m in one["members"])


def test_a_director_enters_a_team_with_a_substitute(teams: TeamScene) -> None:
    club = ClubFactory(name="Los Gatos")
    players = [MembershipFactory(club=club).player for _ in range(3)]
    answer = _director(teams).post(
        f"/api/tournaments/{teams.slug}/teams/",
        {
            "club": club.slug,
            "name": "Los Gatos",
            "members": [players[0].pk, players[1].pk],
            "substitute": players[2].pk,
        },
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["name"] == "Los Gatos" and body["club"] == club.slug
    assert sorted((m["player_id"], m["is_substitute"]) for m in body["members"]) == sorted(
        [(players[0].pk, False), (players[1].pk, False), (players[2].pk, True)]
    )


@pytest.mark.parametrize(
    ("case", "status", "field"),
    [
        ("in another team", 409, "members"),
        ("wrong size", 409, "members"),
        ("unknown", 400, "winner"),
    ],
)
def test_a_refused_team_says_why_and_changes_nothing(
    teams: TeamScene, case: str, status: int, field: str
) -> None:
    first, second = (MembershipFactory(club=teams.home).player for _ in range(2))
    members = {
        "in another team": [first.pk, teams.player("LUMIR").pk],
        "wrong size": [first.pk],
    }.get(case, [first.pk, second.pk])
    sent: dict[str, Any] = {"club": teams.home.slug, "name": "Vinohrady B", "members": members}
    if case == "unknown":
        sent["winner"] = "us"
    before = _snapshot(teams)
    answer = _director(teams).post(
        f"/api/tournaments/{teams.slug}/teams/", sent, content_type="application/json"
    )
    assert answer.status_code == status, answer.content
    assert field in answer.json()
    assert _snapshot(teams) == before and not Team.objects.filter(name="Vinohrady B").exists()


def test_a_signed_in_stranger_may_not_enter_a_team(teams: TeamScene) -> None:
    client = Client()
    client.force_login(UserFactory())
    member = MembershipFactory(club=teams.home).player
    answer = client.post(
        f"/api/tournaments/{teams.slug}/teams/",
        {"club": teams.home.slug, "name": "X", "members": [member.pk, member.pk]},
        content_type="application/json",
    )
    assert answer.status_code == 403


def test_a_director_changes_and_withdraws_a_team(teams: TeamScene) -> None:
    client = _director(teams)
    substitute = MembershipFactory(club=teams.home).player
    changed = client.patch(
        f"/api/teams/{teams.vinohrady.pk}/update/",
        {"name": "Vinohrady A", "substitute": substitute.pk},
        content_type="application/json",
    )
    assert changed.status_code == 200, changed.content
    body = changed.json()
    assert body["name"] == "Vinohrady A"
    assert sorted(m["nickname"] for m in body["members"] if not m["is_substitute"]) == [
        "KAREL",
        "LUMIR",
    ]  # members not sent: kept
    assert [m["player_id"] for m in body["members"] if m["is_substitute"]] == [substitute.pk]
    gone = client.post(f"/api/teams/{teams.bila_hora.pk}/withdraw/")
    assert gone.status_code == 204
    assert not Team.objects.filter(pk=teams.bila_hora.pk).exists()


def test_the_team_classification_ranks_by_the_rule_with_hand_figures(teams: TeamScene) -> None:
    document = Client().get(f"/api/tournaments/{teams.slug}/teams/classification/").json()
    assert document["rule"] == "success_rate" and document["mode"] == "beside"
    assert document["team_size"] == 2 and document["is_provisional"]
    assert "combined success rate" in document["rule_description"]
    # By hand: Bílá Hora 6 played, 0 lost (100 %); Vinohrady 6 played, 3 lost (50 %).
    assert [
        (t["place"], t["name"], t["deals_played"], t["deals_lost"], t["success_rate"])
        for t in document["teams"]
    ] == [(1, "Bílá Hora", 6, 0, 100.0), (2, "Vinohrady", 6, 3, 50.0)]
    lumir = next(
        m for m in document["teams"][1]["members"] if m["player_id"] == teams.player("LUMIR").pk
    )
    assert (lumir["deals_played"], lumir["deals_lost"], lumir["success_rate"]) == (3, 2, 33.3)


def test_tournaments_and_series_say_and_take_their_team_settings(teams: TeamScene) -> None:
    client = _director(teams)
    tournament = client.get(f"/api/tournaments/{teams.slug}/").json()
    assert (tournament["team_mode"], tournament["team_size"], tournament["team_rule"]) == (
        "beside",
        2,
        "success_rate",
    )
    changed = client.patch(
        f"/api/tournaments/{teams.slug}/update/",
        {"team_rule": "places", "team_size": 3},
        content_type="application/json",
    )
    assert changed.status_code == 200 and changed.json()["team_rule"] == "places"
    too_big = client.patch(
        f"/api/tournaments/{teams.slug}/update/",
        {"team_size": 40},
        content_type="application/json",
    )
    assert too_big.status_code == 400 and "team_size" in too_big.json()
    series = teams.tournament.series
    answer = client.patch(
        f"/api/series/{series.slug}/update/",
        {"team_rule": "ranking_points", "teams_from_elite_roster": True},
        content_type="application/json",
    )
    assert answer.status_code == 200
    assert answer.json()["team_rule"] == "ranking_points"
    assert answer.json()["teams_from_elite_roster"] is True


def test_the_schema_has_every_team_operation_typed() -> None:
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    assert {"get", "post"} <= set(paths["/api/tournaments/{slug}/teams/"])
    assert "patch" in paths["/api/teams/{id}/update/"]
    assert "post" in paths["/api/teams/{id}/withdraw/"]
    classification = paths["/api/tournaments/{slug}/teams/classification/"]["get"]
    ref = classification["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    shape = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert {"rule", "rule_description", "teams"} <= set(shape["properties"])
    enter = schema["components"]["schemas"]["TeamEnterInputRequest"]
    assert enter["additionalProperties"] is False
    assert enter["properties"]["members"]["items"]["type"] == "integer"
