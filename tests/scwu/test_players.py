from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError

from scwu.models import Membership, Player
from scwu.models.players import nickname_key
from scwu.selectors import player_club_at
from scwu.services.players import membership_start, player_create
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_nickname_key_ignores_case_accents_and_spaces() -> None:
    assert nickname_key("  Lumír  Velký ") == nickname_key("LUMIR VELKY") == "lumir velky"


def test_player_create_registers_with_club(admin_user: User) -> None:
    club = ClubFactory()
    player = player_create(
        by=admin_user, nickname="Lumír", club=club, member_since=dt.date(2024, 1, 1)
    )
    assert player.nickname_key == "lumir"
    assert player_club_at(player, dt.date(2025, 5, 1)) == club


@pytest.mark.parametrize("clash", ["LUMIR", "lumír", "Lumir", "  LUMÍR "])
def test_duplicate_nickname_in_any_case_or_accents_is_refused(admin_user: User, clash: str) -> None:
    player_create(by=admin_user, nickname="Lumír")
    with pytest.raises(ValidationError) as err:
        player_create(by=admin_user, nickname=clash)
    assert "nickname" in err.value.message_dict
    assert Player.objects.count() == 1


def test_player_create_needs_director_or_administrator(plain_user: User) -> None:
    with pytest.raises(PermissionDenied):
        player_create(by=plain_user, nickname="Anyone")
    assert not Player.objects.exists()


def test_changing_club_closes_the_old_membership_and_keeps_history(admin_user: User) -> None:
    old, new = ClubFactory(), ClubFactory()
    player = PlayerFactory()
    membership_start(by=admin_user, player=player, club=old, start=dt.date(2020, 1, 1))
    membership_start(by=admin_user, player=player, club=new, start=dt.date(2024, 3, 1))
    assert player_club_at(player, dt.date(2023, 6, 1)) == old
    assert player_club_at(player, dt.date(2024, 3, 1)) == new
    closed = Membership.objects.get(player=player, club=old)
    assert closed.end == dt.date(2024, 2, 29)


def test_new_membership_cannot_start_before_the_current_one(admin_user: User) -> None:
    old, new = ClubFactory(), ClubFactory()
    player = PlayerFactory()
    membership_start(by=admin_user, player=player, club=old, start=dt.date(2024, 1, 1))
    with pytest.raises(ValidationError) as err:
        membership_start(by=admin_user, player=player, club=new, start=dt.date(2023, 1, 1))
    assert "start" in err.value.message_dict
    assert Membership.objects.filter(player=player).count() == 1


@pytest.mark.django_db
def test_player_search_ignores_accents_in_nickname_and_real_name() -> None:
    from scwu import selectors

    boza = PlayerFactory(nickname="Bóža", real_name="Božena Nováková")
    PlayerFactory(nickname="Tonda", real_name="Antonín Dvořák")
    assert list(selectors.player_list(search="bo")) == [boza]
    assert list(selectors.player_list(search="NOVAK")) == [boza]
    assert [p.nickname for p in selectors.player_list(search="dvorak")] == ["Tonda"]
