"""Clubs through their services: the captain is a current member, an elite roster holds at most
six of the club's members, set by its captain or an administrator; the admin, the club page
and the API all go through the same services."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from scwu.models import Club, EliteRoster, Player
from scwu.services.clubs import club_set_captain, elite_roster_set
from tests.factories import (
    ClubFactory,
    CountryFactory,
    MembershipFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db
SEASON = dt.date.today().year


@pytest.fixture(autouse=True)
def _season(db: None) -> None:
    """The season the rosters name exists in the calendar."""
    SeasonFactory(year=SEASON)


def _club_with_captain(members: int = 7) -> tuple[Club, User, list[Player]]:
    club = ClubFactory()
    start = dt.date(SEASON, 1, 1)
    players = [MembershipFactory(club=club, start=start).player for _ in range(members)]
    user = UserFactory()
    players[0].user = user
    players[0].save()
    club.captain = players[0]
    club.save()
    return club, user, players


def test_the_captain_sets_the_roster_of_their_club(plain_user: User) -> None:
    club, captain, players = _club_with_captain()
    roster = elite_roster_set(by=captain, club=club, season=SEASON, players=players[:6])
    assert set(roster.players.all()) == set(players[:6])
    # a second call replaces the roster, it never adds a second one for the season
    elite_roster_set(by=captain, club=club, season=SEASON, players=players[1:3])
    assert EliteRoster.objects.get(club=club, season=SEASON).players.count() == 2


def test_a_seventh_player_or_a_stranger_is_refused_and_nothing_changes() -> None:
    club, captain, players = _club_with_captain()
    elite_roster_set(by=captain, club=club, season=SEASON, players=players[:2])
    with pytest.raises(ValidationError) as err:
        elite_roster_set(by=captain, club=club, season=SEASON, players=players)
    assert "at most 6" in str(err.value.message_dict["players"])
    stranger: Player = MembershipFactory(club=ClubFactory()).player
    with pytest.raises(ValidationError) as err:
        elite_roster_set(by=captain, club=club, season=SEASON, players=[players[1], stranger])
    assert stranger.nickname in str(err.value.message_dict["players"])
    assert set(EliteRoster.objects.get(club=club).players.all()) == set(players[:2])


def test_only_the_clubs_own_captain_or_an_administrator_sets_the_roster(
    plain_user: User, admin_user: User
) -> None:
    club, _captain, players = _club_with_captain()
    _other, other_captain, _ = _club_with_captain(members=1)
    for user in (plain_user, other_captain):
        with pytest.raises(PermissionDenied):
            elite_roster_set(by=user, club=club, season=SEASON, players=players[:1])
    elite_roster_set(by=admin_user, club=club, season=SEASON, players=players[:1])


def test_the_captain_must_be_a_current_member(admin_user: User) -> None:
    club, _captain, players = _club_with_captain(members=2)
    former = PlayerFactory()
    MembershipFactory(player=former, club=club, start=dt.date(2020, 1, 1), end=dt.date(2021, 1, 1))
    with pytest.raises(ValidationError) as err:
        club_set_captain(by=admin_user, club=club, captain=former)
    assert "captain" in err.value.message_dict
    club.refresh_from_db()
    assert club.captain == players[0]
    club_set_captain(by=admin_user, club=club, captain=players[1])
    assert Club.objects.get(pk=club.pk).captain == players[1]


def test_the_captain_saves_the_roster_on_the_club_page() -> None:
    club, captain, players = _club_with_captain()
    client = Client()
    client.force_login(captain)
    page = client.get(reverse("club-detail", args=[club.slug])).content.decode()
    assert 'id="roster-form"' in page
    url = reverse("club-roster", args=[club.slug])
    response = client.post(
        url, {"season": SEASON, "players": [p.pk for p in players[:3]]}, follow=True
    )
    assert response.status_code == 200
    assert EliteRoster.objects.get(club=club, season=SEASON).players.count() == 3
    # seven: refused on the form, with the reason, and the roster stays as it was
    response = client.post(url, {"season": SEASON, "players": [p.pk for p in players]})
    assert response.status_code == 400
    assert "at most 6" in response.content.decode()
    assert EliteRoster.objects.get(club=club, season=SEASON).players.count() == 3


def test_the_roster_form_is_not_offered_to_others(plain_user: User) -> None:
    club, _captain, players = _club_with_captain(members=2)
    client = Client()
    client.force_login(plain_user)
    assert (
        'id="roster-form"'
        not in client.get(reverse("club-detail", args=[club.slug])).content.decode()
    )
    response = client.post(
        reverse("club-roster", args=[club.slug]), {"season": SEASON, "players": [players[1].pk]}
    )
    assert response.status_code == 403
    assert not EliteRoster.objects.exists()


def test_the_roster_api_uses_the_same_rules() -> None:
    club, captain, players = _club_with_captain()
    client = Client()
    client.force_login(captain)
    url = reverse("api:api-club-roster", args=[club.slug])
    ok = client.post(
        url, {"season": SEASON, "players": [p.pk for p in players[:6]]}, "application/json"
    )
    assert ok.status_code == 200
    assert ok.json()["players"] == sorted(p.pk for p in players[:6])
    refused = client.post(
        url, {"season": SEASON, "players": [p.pk for p in players]}, "application/json"
    )
    assert refused.status_code == 409
    assert "players" in refused.json()


def _admin_site() -> Client:
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


def test_the_admin_creates_clubs_and_sets_captains_through_the_services() -> None:
    client = _admin_site()
    country = CountryFactory()
    response = client.post(
        reverse("admin:scwu_club_add"), {"name": "  Royal   SCC  Brno ", "country": country.pk}
    )
    assert response.status_code == 302
    club = Club.objects.get()
    assert (club.name, club.slug) == ("Royal SCC Brno", "royal-scc-brno")  # the service's work
    stranger = PlayerFactory()
    change = reverse("admin:scwu_club_change", args=[club.pk])
    data = {"name": club.name, "country": country.pk, "captain": stranger.pk}
    response = client.post(change, data)
    assert response.status_code == 200
    assert "current member" in response.content.decode()
    assert Club.objects.get().captain is None
    MembershipFactory(player=stranger, club=club, start=dt.date(SEASON, 1, 1))
    assert client.post(change, data).status_code == 302
    assert Club.objects.get().captain == stranger


def test_the_admin_roster_is_checked_and_set_by_the_service() -> None:
    client = _admin_site()
    club, _captain, players = _club_with_captain()
    add = reverse("admin:scwu_eliteroster_add")
    too_many = {"club": club.pk, "season": SEASON, "players": [p.pk for p in players]}
    response = client.post(add, too_many)
    assert response.status_code == 200
    assert "at most 6" in response.content.decode()
    assert not EliteRoster.objects.exists()
    six = {**too_many, "players": [p.pk for p in players[:6]]}
    assert client.post(add, six).status_code == 302
    assert EliteRoster.objects.get().players.count() == 6
