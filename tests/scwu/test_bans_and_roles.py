from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied, ValidationError

from scwu.models import Ban
from scwu.roles import Role, has_role, roles_of
from scwu.services.bans import ban_impose, ban_lift, player_assert_not_banned
from tests.factories import ClubFactory, CommissionMemberFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_banned_player_is_refused_with_the_reason(admin_user: User) -> None:
    player = PlayerFactory(nickname="Cheat")
    ban_impose(by=admin_user, player=player, reason="Intentional renonc B")
    with pytest.raises(ValidationError) as err:
        player_assert_not_banned(player)
    assert "Intentional renonc B" in err.value.message_dict["player"][0]


def test_lifted_ban_no_longer_refuses(admin_user: User) -> None:
    player = PlayerFactory()
    ban = ban_impose(by=admin_user, player=player, reason="Mistake")
    ban_lift(by=admin_user, ban=ban)
    player_assert_not_banned(player)


def test_only_the_administrator_bans(referee: User) -> None:
    with pytest.raises(PermissionDenied):
        ban_impose(by=referee, player=PlayerFactory(), reason="x")
    assert not Ban.objects.exists()


def test_banning_twice_is_refused(admin_user: User) -> None:
    player = PlayerFactory()
    ban_impose(by=admin_user, player=player, reason="x")
    with pytest.raises(ValidationError):
        ban_impose(by=admin_user, player=player, reason="y")
    assert Ban.objects.count() == 1


def test_roles_follow_groups_and_data() -> None:
    assert roles_of(AnonymousUser()) == []
    director = UserFactory(roles=["director"])
    assert has_role(director, Role.DIRECTOR) and not has_role(director, Role.REFEREE)
    member = CommissionMemberFactory().user
    assert has_role(member, Role.COMMISSION) and not has_role(member, Role.DIRECTOR)
    captain_user = UserFactory()
    captain = PlayerFactory(user=captain_user)
    ClubFactory(captain=captain)
    assert has_role(captain_user, Role.CAPTAIN) and has_role(captain_user, Role.PLAYER)
    admin = UserFactory(roles=["administrator"])
    assert has_role(admin, Role.REFEREE) and has_role(admin, Role.DIRECTOR)
    assert not has_role(admin, Role.COMMISSION)
