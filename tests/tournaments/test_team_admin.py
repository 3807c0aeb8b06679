"""The admin site enters and changes teams through the team services (their checks, their
log), and keeps the team points' table as whole as the players'."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.test import Client

from scwu.models import Club, Player
from tests.factories import ClubFactory, MembershipFactory, TournamentFactory, UserFactory
from tests.rankings.factories import category_create
from tournaments.models import CategoryTeamPoints, Team, TeamMember, TeamMode, Tournament

pytestmark = pytest.mark.django_db

MEMBERS_INLINE = {
    "members-TOTAL_FORMS": 0,
    "members-INITIAL_FORMS": 0,
    "members-MIN_NUM_FORMS": 0,
    "members-MAX_NUM_FORMS": 1000,
}


@pytest.fixture
def root() -> Client:
    client = Client()
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def players(club: Club, n: int) -> list[Player]:
    return [MembershipFactory(club=club).player for _ in range(n)]


def form(t: Tournament, club: Club, name: str, members: list[Player]) -> dict[str, Any]:
    return {
        "tournament": t.pk,
        "club": club.pk,
        "name": name,
        "members": [p.pk for p in members],
        "substitute": "",
        **MEMBERS_INLINE,
    }


def test_the_admin_enters_a_team_through_the_service(root: Client) -> None:
    t: Tournament = TournamentFactory(team_mode=TeamMode.TEAM_EVENT, team_size=3)
    club = ClubFactory()
    three = players(club, 3)
    assert root.get("/admin/tournaments/team/add/").status_code == 200
    response = root.post("/admin/tournaments/team/add/", form(t, club, "Cats", three))
    assert response.status_code == 302
    team = Team.objects.get(tournament=t)
    assert set(team.members.values_list("entry__player_id", flat=True)) == {p.pk for p in three}
    # Logged once, by the service, with what it wrote.
    assert [e.change_message for e in LogEntry.objects.filter(object_id=str(team.pk))] == [
        f"Entered the team: {', '.join(str(p) for p in three)}."
    ]


def test_the_admin_shows_a_refusal_and_writes_nothing(root: Client) -> None:
    t: Tournament = TournamentFactory(team_mode=TeamMode.TEAM_EVENT, team_size=3)
    club = ClubFactory()
    five = players(club, 5)
    assert (
        root.post("/admin/tournaments/team/add/", form(t, club, "A", five[:3])).status_code == 302
    )
    response = root.post("/admin/tournaments/team/add/", form(t, club, "B", five[2:]))
    assert response.status_code == 200
    assert f"{five[2]} is already in the team A." in response.content.decode()
    assert list(Team.objects.filter(tournament=t).values_list("name", flat=True)) == ["A"]
    assert TeamMember.objects.filter(team__tournament=t).count() == 3


def test_the_admin_changes_a_team_through_the_service(root: Client) -> None:
    t: Tournament = TournamentFactory(team_mode=TeamMode.TEAM_EVENT, team_size=3)
    club = ClubFactory()
    four = players(club, 4)
    root.post("/admin/tournaments/team/add/", form(t, club, "A", four[:3]))
    team = Team.objects.get(tournament=t)
    data = form(t, club, "A2", four[1:])
    data["substitute"] = four[0].pk
    page = root.get(f"/admin/tournaments/team/{team.pk}/change/")
    assert page.status_code == 200 and str(four[0]) in page.content.decode()
    response = root.post(f"/admin/tournaments/team/{team.pk}/change/", data)
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.name == "A2"
    assert TeamMember.objects.get(team=team, is_substitute=True).entry.player == four[0]


def test_the_team_points_table_is_refused_with_a_gap(root: Client) -> None:
    category = category_create("championship", [])
    data = {
        "name": category.name,
        "code": category.code,
        "points-TOTAL_FORMS": 0,
        "points-INITIAL_FORMS": 0,
        "points-MIN_NUM_FORMS": 0,
        "points-MAX_NUM_FORMS": 1000,
        "team_points-TOTAL_FORMS": 2,
        "team_points-INITIAL_FORMS": 0,
        "team_points-MIN_NUM_FORMS": 0,
        "team_points-MAX_NUM_FORMS": 1000,
        "team_points-0-place": 1,
        "team_points-0-points": 50,
        "team_points-1-place": 3,
        "team_points-1-points": 30,
    }
    response = root.post(f"/admin/tournaments/category/{category.pk}/change/", data)
    assert "place 2 is missing" in response.content.decode()
    assert not CategoryTeamPoints.objects.filter(category=category).exists()
    data["team_points-1-place"] = 2
    saved = root.post(f"/admin/tournaments/category/{category.pk}/change/", data)
    assert saved.status_code == 302
    assert dict(category.team_points.values_list("place", "points")) == {1: 50, 2: 30}


def test_the_admin_withdraws_a_team_through_the_service(root: Client) -> None:
    t: Tournament = TournamentFactory(team_mode=TeamMode.TEAM_EVENT, team_size=3)
    club = ClubFactory()
    root.post("/admin/tournaments/team/add/", form(t, club, "A", players(club, 3)))
    team = Team.objects.get(tournament=t)
    response = root.post(f"/admin/tournaments/team/{team.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Team.objects.filter(pk=team.pk).exists()
    deletions = LogEntry.objects.filter(object_id=str(team.pk), action_flag=DELETION)
    assert [e.change_message for e in deletions] == ["Withdrew the team."]
