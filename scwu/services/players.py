from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.models import Club, Membership, Player
from scwu.models.players import nickname_key
from scwu.roles import AnyUser, Role, require_role


def _assert_nickname_free(nickname: str, *, exclude_pk: int | None = None) -> None:
    key = nickname_key(nickname)
    if not key:
        raise ValidationError({"nickname": [_("A nickname cannot be empty.")]}, code="blank")
    others = Player.objects.filter(nickname_key=key)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    clash = others.first()
    if clash is not None:
        raise ValidationError(
            {
                "nickname": [
                    _("The nickname %(nickname)s is taken (by %(other)s), in some case or accents.")
                    % {"nickname": nickname, "other": clash.nickname}
                ]
            },
            code="duplicate",
        )


@transaction.atomic
def player_create(
    *,
    by: AnyUser | None,
    nickname: str,
    real_name: str = "",
    gender: str = "",
    user: Any = None,
    club: Club | None = None,
    member_since: dt.date | None = None,
) -> Player:
    """Register a player in the federation, optionally as a member of a club from a date."""
    require_role(by, Role.ADMINISTRATOR, Role.DIRECTOR)
    nickname = " ".join(nickname.split())
    _assert_nickname_free(nickname)
    player = Player(nickname=nickname, real_name=real_name.strip(), gender=gender, user=user)
    player.full_clean(exclude=["nickname_key"])
    player.save()
    if club is not None:
        membership_start(by=by, player=player, club=club, start=member_since or dt.date.today())
    return player


@transaction.atomic
def player_update(
    *, by: AnyUser | None, player: Player, nickname: str | None = None, real_name: str | None = None
) -> Player:
    require_role(by, Role.ADMINISTRATOR)
    if nickname is not None:
        nickname = " ".join(nickname.split())
        _assert_nickname_free(nickname, exclude_pk=player.pk)
        player.nickname = nickname
    if real_name is not None:
        player.real_name = real_name.strip()
    player.full_clean(exclude=["nickname_key"])
    player.save()
    return player


@transaction.atomic
def membership_start(
    *, by: AnyUser | None, player: Player, club: Club, start: dt.date
) -> Membership:
    """Move ``player`` to ``club`` from ``start``; the open membership ends the day before."""
    require_role(by, Role.ADMINISTRATOR, Role.DIRECTOR)
    current = (
        Membership.objects.select_for_update(no_key=True)
        .filter(player=player, end__isnull=True)
        .first()
    )
    if current is not None:
        if current.club_id == club.pk:
            raise ValidationError(
                {
                    "club": [
                        _("%(player)s is already a member of %(club)s.")
                        % {"player": player, "club": club}
                    ]
                },
                code="already_member",
            )
        if start <= current.start:
            raise ValidationError(
                {
                    "start": [
                        _("The new membership must start after %(date)s.")
                        % {"date": current.start.isoformat()}
                    ]
                },
                code="overlap",
            )
        current.end = start - dt.timedelta(days=1)
        current.save(update_fields=["end"])
    membership = Membership(player=player, club=club, start=start)
    membership.full_clean()
    membership.save()
    return membership
