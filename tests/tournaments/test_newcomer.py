"""The registration desk: a director adds a newcomer who is not yet in the registry."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from scwu.models import Player
from scwu.selectors import player_club_at
from scwu.services.bans import ban_impose
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.games.conftest import make_tournament
from tournaments.models import Entry, Tournament
from tournaments.services.entries import entry_register_newcomer

pytestmark = pytest.mark.django_db


def _desk() -> tuple[Tournament, User]:
    tournament = make_tournament(status="registration", start_date=dt.date(2025, 5, 1))
    director = UserFactory()  # assigned to this event only, without the director group
    tournament.directors.add(director)
    return tournament, director


def test_a_newcomer_is_created_in_the_registry_and_entered() -> None:
    tournament, director = _desk()
    club = ClubFactory()
    entry = entry_register_newcomer(
        by=director, tournament=tournament, nickname="  Jean-Luc   K. ", club=club
    )
    assert entry.player.nickname == "Jean-Luc K."
    assert entry.club == club  # a member from the tournament's first day
    assert player_club_at(entry.player, tournament.start_date) == club
    assert entry.registered_by == director


@pytest.mark.parametrize(
    ("nickname", "reason"),
    [("X", "2 to 40"), ("<b>Bob</b>", "only letters"), ("1234", "at least one letter")],
)
def test_nickname_rules_refuse_and_write_nothing(nickname: str, reason: str) -> None:
    tournament, director = _desk()
    with pytest.raises(ValidationError) as err:
        entry_register_newcomer(by=director, tournament=tournament, nickname=nickname)
    assert reason in str(err.value.message_dict["nickname"])
    assert not Player.objects.exists() and not Entry.objects.exists()


def test_a_duplicate_in_any_case_or_accents_is_refused() -> None:
    tournament, director = _desk()
    PlayerFactory(nickname="Lumír")
    with pytest.raises(ValidationError) as err:
        entry_register_newcomer(by=director, tournament=tournament, nickname="LUMIR")
    assert "taken" in str(err.value.message_dict["nickname"])
    assert Player.objects.count() == 1 and not Entry.objects.exists()


def test_a_banned_player_cannot_come_back_as_a_newcomer(admin_user: User) -> None:
    tournament, director = _desk()
    cheat = PlayerFactory(nickname="Podvodník")
    ban_impose(by=admin_user, player=cheat, reason="marked cards")
    with pytest.raises(ValidationError) as err:
        entry_register_newcomer(by=director, tournament=tournament, nickname="podvodnik")
    assert "banned" in str(err.value.message_dict["nickname"])
    assert Player.objects.count() == 1 and not Entry.objects.exists()


def test_only_the_events_directors_register_newcomers(plain_user: User) -> None:
    tournament, _director = _desk()
    with pytest.raises(PermissionDenied):
        entry_register_newcomer(by=plain_user, tournament=tournament, nickname="Sneaky")
    assert not Player.objects.exists()


def test_the_entries_page_registers_a_newcomer_or_says_why_not() -> None:
    tournament, director = _desk()
    client = Client()
    client.force_login(director)
    page = reverse("tournament-entries", args=[tournament.slug])
    assert 'id="newcomer-form"' in client.get(page).content.decode()
    url = reverse("entry-newcomer", args=[tournament.slug])
    response = client.post(url, {"nickname": "Zuzana", "real_name": "Zuzana N."})
    assert response.status_code == 302
    assert Entry.objects.get(tournament=tournament).player.real_name == "Zuzana N."
    response = client.post(url, {"nickname": "zuzána"})
    assert response.status_code == 400
    assert "taken" in response.content.decode()
    assert Player.objects.count() == 1


def test_the_newcomer_api() -> None:
    tournament, director = _desk()
    club = ClubFactory()
    client = Client()
    client.force_login(director)
    url = reverse("tournaments-api:entry-newcomer", args=[tournament.slug])
    response = client.post(url, {"nickname": "Olga", "club": club.slug}, "application/json")
    assert response.status_code == 201
    assert Entry.objects.get().club == club
    refused = client.post(url, {"nickname": "O"}, "application/json")
    assert refused.status_code == 409
    assert "nickname" in refused.json()
