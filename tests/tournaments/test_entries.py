"""Registration rules, check-in, withdrawal and substitutes."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from scwu.services.bans import ban_impose
from tests.factories import (
    ClubFactory,
    EntryFactory,
    MembershipFactory,
    PlayerFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.services import entries

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_tournament(director: User) -> Tournament:
    t: Tournament = TournamentFactory(status=TournamentStatus.REGISTRATION)
    t.directors.add(director)
    return t


def test_director_registers_anyone_with_the_club_at_the_time(
    director: User, open_tournament: Tournament
) -> None:
    membership = MembershipFactory()
    entry = entries.entry_register(
        by=director, tournament=open_tournament, player=membership.player
    )
    assert entry.club == membership.club and entry.status == EntryStatus.REGISTERED
    assert entry.registered_by == director


def test_player_registers_themself_only_while_registration_is_open(
    open_tournament: Tournament,
) -> None:
    user = UserFactory()
    player = PlayerFactory(user=user)
    assert entries.entry_register(by=user, tournament=open_tournament, player=player)
    draft = TournamentFactory(status=TournamentStatus.DRAFT)
    with pytest.raises(ValidationError) as exc:
        entries.entry_register(by=user, tournament=draft, player=player)
    assert "not open" in exc.value.message_dict["tournament"][0]


def test_player_cannot_register_someone_else(open_tournament: Tournament) -> None:
    user = UserFactory()
    PlayerFactory(user=user)
    with pytest.raises(PermissionDenied):
        entries.entry_register(by=user, tournament=open_tournament, player=PlayerFactory())


def test_captain_registers_only_their_clubs_players(open_tournament: Tournament) -> None:
    user = UserFactory()
    captain = PlayerFactory(user=user)
    club = ClubFactory(captain=captain)
    MembershipFactory(player=captain, club=club)
    teammate = MembershipFactory(club=club).player
    stranger = MembershipFactory().player
    assert entries.entry_register(by=user, tournament=open_tournament, player=teammate)
    with pytest.raises(PermissionDenied):
        entries.entry_register(by=user, tournament=open_tournament, player=stranger)


def test_banned_player_is_refused_with_the_reason(
    director: User, admin_user: User, open_tournament: Tournament
) -> None:
    cheat = PlayerFactory(nickname="Podvodník")
    ban_impose(by=admin_user, player=cheat, reason="Intentional renonc B")
    with pytest.raises(ValidationError) as exc:
        entries.entry_register(by=director, tournament=open_tournament, player=cheat)
    assert "Intentional renonc B" in exc.value.message_dict["player"][0]
    assert not Entry.objects.exists()


def test_duplicate_registration_is_refused(director: User, open_tournament: Tournament) -> None:
    player = PlayerFactory()
    entries.entry_register(by=director, tournament=open_tournament, player=player)
    with pytest.raises(ValidationError) as exc:
        entries.entry_register(by=director, tournament=open_tournament, player=player)
    assert "already registered" in exc.value.message_dict["player"][0]
    assert Entry.objects.count() == 1


def test_finished_tournament_takes_no_entries(director: User) -> None:
    done = TournamentFactory(status=TournamentStatus.FINISHED)
    with pytest.raises(ValidationError):
        entries.entry_register(by=director, tournament=done, player=PlayerFactory())


def test_check_in_and_undo(director: User, open_tournament: Tournament) -> None:
    entry = EntryFactory(tournament=open_tournament, status=EntryStatus.REGISTERED)
    entry = entries.entry_check_in(by=director, entry=entry)
    assert entry.status == EntryStatus.CHECKED_IN and entry.checked_in_at
    entry = entries.entry_check_in(by=director, entry=entry, checked_in=False)
    assert entry.status == EntryStatus.REGISTERED and entry.checked_in_at is None


def test_only_directors_check_in(open_tournament: Tournament) -> None:
    entry = EntryFactory(tournament=open_tournament, status=EntryStatus.REGISTERED)
    with pytest.raises(PermissionDenied):
        entries.entry_check_in(by=UserFactory(), entry=entry)


def test_withdrawn_cannot_check_in(director: User, open_tournament: Tournament) -> None:
    entry = entries.entry_withdraw(by=director, entry=EntryFactory(tournament=open_tournament))
    with pytest.raises(ValidationError):
        entries.entry_check_in(by=director, entry=entry)


def test_withdrawal_classified_and_substitute(director: User, open_tournament: Tournament) -> None:
    entry = EntryFactory(tournament=open_tournament)
    entry = entries.entry_withdraw(by=director, entry=entry, classified=True)
    assert entry.status == EntryStatus.WITHDRAWN and entry.withdrawal_classified
    sub = entries.entry_substitute_add(by=director, replaces=entry, player=PlayerFactory())
    assert sub.is_substitute and not sub.is_scoring and sub.replaces == entry
    assert sub.status == EntryStatus.CHECKED_IN
    with pytest.raises(ValidationError) as exc:
        entries.entry_substitute_add(by=director, replaces=entry, player=PlayerFactory())
    assert "replaces" in exc.value.message_dict


def test_substitute_only_for_a_withdrawn_player(
    director: User, open_tournament: Tournament
) -> None:
    entry = EntryFactory(tournament=open_tournament)
    with pytest.raises(ValidationError) as exc:
        entries.entry_substitute_add(by=director, replaces=entry, player=PlayerFactory())
    assert "replaces" in exc.value.message_dict


def test_player_withdraws_themself_while_open(open_tournament: Tournament) -> None:
    user = UserFactory()
    entry = EntryFactory(tournament=open_tournament, player=PlayerFactory(user=user))
    assert entries.entry_withdraw(by=user, entry=entry).status == EntryStatus.WITHDRAWN


def test_the_desk_offers_as_substitutes_only_players_not_in_the_tournament(
    director: User, open_tournament: Tournament
) -> None:
    """The substitute list left out nobody: every entered player (the withdrawn one too)
    was offered, and the service then refused them."""
    gone, staying = EntryFactory.create_batch(2, tournament=open_tournament)
    entries.entry_withdraw(by=director, entry=gone, classified=False)
    outsider = PlayerFactory()
    client = Client()
    client.force_login(director)
    html = client.get(reverse("tournament-entries", args=[open_tournament.slug])).content.decode()
    picker = re.search(r'<select name="player"[^>]*>(.*?)</select>', html, re.S)
    assert picker, "the withdrawn player's row offers a substitute"
    offered = {int(pk) for pk in re.findall(r'<option value="(\d+)"', picker.group(1))}
    assert outsider.pk in offered
    assert gone.player_id not in offered and staying.player_id not in offered
