"""An elite roster names a season of the calendar and each player once: a roster for a season
that does not exist, or naming a player twice, is refused with the reason, never stored or
quietly trimmed (the API, the club page and the service alike)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scwu.models import Club, EliteRoster, Player
from tests.factories import ClubFactory, MembershipFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

SEASON = dt.date.today().year
NO_SUCH_SEASON = SEASON + 5


@pytest.fixture
def club(db: None) -> tuple[Club, User, list[Player]]:
    SeasonFactory(year=SEASON)
    club = ClubFactory()
    players = [MembershipFactory(club=club, start=dt.date(SEASON, 1, 1)).player for _ in range(3)]
    captain = UserFactory()
    players[0].user = captain
    players[0].save()
    club.captain = players[0]
    club.save()
    return club, captain, players


def _signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_roster_for_a_season_that_does_not_exist_is_refused_by_the_api(
    club: tuple[Club, User, list[Player]],
) -> None:
    the_club, captain, players = club
    answer = _signed_in(captain).post(
        reverse("api:api-club-roster", args=[the_club.slug]),
        {"season": NO_SUCH_SEASON, "players": [players[1].pk]},
        "application/json",
    )
    assert answer.status_code == 409, answer.content
    assert str(NO_SUCH_SEASON) in answer.json()["season"][0]
    assert not EliteRoster.objects.exists()


def test_a_roster_for_a_season_that_does_not_exist_is_an_error_on_the_club_page(
    club: tuple[Club, User, list[Player]],
) -> None:
    the_club, captain, players = club
    client = _signed_in(captain)
    answer = client.post(
        reverse("club-roster", args=[the_club.slug]),
        {"season": NO_SUCH_SEASON, "players": [players[1].pk]},
    )
    assert answer.status_code == 400
    assert f"There is no {NO_SUCH_SEASON} season" in answer.content.decode()
    assert not EliteRoster.objects.exists()
    page = client.get(reverse("club-detail", args=[the_club.slug])).content.decode()
    assert f"{NO_SUCH_SEASON}" not in page.split('id="roster-form"')[0]


def test_a_player_named_twice_in_a_roster_is_refused_naming_them(
    club: tuple[Club, User, list[Player]],
) -> None:
    the_club, captain, players = club
    answer = _signed_in(captain).post(
        reverse("api:api-club-roster", args=[the_club.slug]),
        {"season": SEASON, "players": [players[1].pk, players[2].pk, players[1].pk]},
        "application/json",
    )
    assert answer.status_code == 409, answer.content
    message = answer.json()["players"][0]
    assert players[1].nickname in message and players[2].nickname not in message
    assert not EliteRoster.objects.exists()


def test_a_roster_of_an_existing_open_season_is_still_saved(
    club: tuple[Club, User, list[Player]],
) -> None:
    the_club, captain, players = club
    answer = _signed_in(captain).post(
        reverse("api:api-club-roster", args=[the_club.slug]),
        {"season": SEASON, "players": [players[1].pk, players[2].pk]},
        "application/json",
    )
    assert answer.status_code == 200, answer.content
    assert EliteRoster.objects.get().players.count() == 2
