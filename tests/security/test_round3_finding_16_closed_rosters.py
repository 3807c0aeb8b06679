"""Hardening round three, finding 16: a closed season's elite rosters are read-only through
the service, the club page, the API and the admin, each with a refusal that says why."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scwu.models import Club, EliteRoster, Player
from scwu.services.clubs import elite_roster_set
from tests.factories import ClubFactory, MembershipFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

CLOSED = timezone.localdate().year - 1
REFUSAL = f"The {CLOSED} season is closed"


@pytest.fixture(autouse=True)
def _seasons(db: None) -> None:
    """Last season and this one exist in the calendar."""
    SeasonFactory(year=CLOSED)
    SeasonFactory(year=CLOSED + 1)


def _club_with_closed_roster() -> tuple[Club, User, list[Player], EliteRoster]:
    """A captain's club whose last-season roster holds two of its members."""
    club = ClubFactory()
    players = [MembershipFactory(club=club, start=dt.date(CLOSED, 1, 1)).player for _ in range(4)]
    captain = UserFactory()
    players[0].user = captain
    players[0].save()
    club.captain = players[0]
    club.save()
    roster = EliteRoster.objects.create(club=club, season=CLOSED)
    roster.players.set(players[:2])
    return club, captain, players, roster


def _unchanged(roster: EliteRoster, players: list[Player]) -> None:
    assert EliteRoster.objects.filter(pk=roster.pk).exists()
    assert set(roster.players.all()) == set(players[:2])


def test_finding_16_the_service_refuses_a_closed_seasons_roster_even_to_an_administrator() -> None:
    club, captain, players, roster = _club_with_closed_roster()
    for user in (captain, UserFactory(roles=["administrator"])):
        with pytest.raises(ValidationError) as refusal:
            elite_roster_set(by=user, club=club, season=CLOSED, players=players[:4])
        assert refusal.value.message_dict["season"][0].startswith(REFUSAL)
    _unchanged(roster, players)
    # The current season stays open.
    current = elite_roster_set(by=captain, club=club, season=CLOSED + 1, players=players[:1])
    assert current.players.count() == 1


def test_finding_16_the_club_page_and_the_api_refuse_a_captains_closed_season_edit() -> None:
    club, captain, players, roster = _club_with_closed_roster()
    client = Client()
    client.force_login(captain)
    change = {"season": CLOSED, "players": [p.pk for p in players[:4]]}
    page = client.post(reverse("club-roster", args=[club.slug]), change)
    assert page.status_code == 400 and REFUSAL in page.content.decode()
    api = client.post(reverse("api:api-club-roster", args=[club.slug]), change, "application/json")
    assert api.status_code == 409 and "season" in api.json()
    _unchanged(roster, players)


def test_finding_16_the_admin_refuses_to_change_or_delete_a_closed_seasons_roster() -> None:
    club, _captain, players, roster = _club_with_closed_roster()
    client = Client()
    client.force_login(User.objects.create_superuser("root", "root@scwu.example", "pw-root-1"))
    change = reverse("admin:scwu_eliteroster_change", args=[roster.pk])
    answer = client.post(
        change, {"club": club.pk, "season": CLOSED, "players": [p.pk for p in players[:4]]}
    )
    assert answer.status_code == 200 and REFUSAL in answer.content.decode()
    moved = client.post(change, {"club": club.pk, "season": CLOSED + 1, "players": [players[0].pk]})
    assert REFUSAL in moved.content.decode()
    assert (
        client.post(
            reverse("admin:scwu_eliteroster_delete", args=[roster.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    client.post(
        reverse("admin:scwu_eliteroster_changelist"),
        {"action": "delete_selected", "_selected_action": [roster.pk], "post": "yes"},
    )
    roster.refresh_from_db()
    assert roster.season == CLOSED
    _unchanged(roster, players)
