from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.models import Club, Membership, Player
from scwu.models.players import nickname_key
from scwu.roles import AnyUser, Role, require_role
from scwu.security.nicknames import nickname_looks, nickname_normalise
from scwu.services.bans import player_assert_not_banned

NICKNAME_MIN = 2
NICKNAME_MAX = 40
# Letters of any script, digits, spaces and . - _ ' (as in "Mr. K", "Jean-Luc", "O'Hara").
_NICKNAME_CHARS = re.compile(r"^[\w .'-]+$")


def nickname_clean(nickname: str) -> str:
    """The federation's nickname rules: NFKC with spaces collapsed and nothing invisible
    (``nickname_normalise``), 2-40 characters, at least one
    letter, only letters, digits, spaces and . - _ '. Returns the nickname as it is stored.

    >>> nickname_clean("  Jean-Luc   K. ")
    'Jean-Luc K.'
    """
    nickname = nickname_normalise(nickname)
    if not nickname:
        raise ValidationError({"nickname": [_("A nickname cannot be empty.")]}, code="blank")
    if not NICKNAME_MIN <= len(nickname) <= NICKNAME_MAX:
        raise ValidationError(
            {
                "nickname": [
                    _("A nickname has %(min)d to %(max)d characters.")
                    % {"min": NICKNAME_MIN, "max": NICKNAME_MAX}
                ]
            },
            code="length",
        )
    if not _NICKNAME_CHARS.match(nickname) or not any(ch.isalpha() for ch in nickname):
        raise ValidationError(
            {
                "nickname": [
                    _(
                        "A nickname has at least one letter and only letters, digits, spaces "
                        "and . - _ '."
                    )
                ]
            },
            code="characters",
        )
    return nickname


def nickname_clash(nickname: str, *, exclude_pk: int | None = None) -> Player | None:
    """The registered player whose nickname ``nickname`` would duplicate (in some case,
    accents or look-alike letters), if any: the one rule the registry refuses by, which the
    registration desk also asks to offer that player instead."""
    key = nickname_key(nickname)
    others = Player.objects.all()
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    clash = others.filter(nickname_key=key).first() if key else None
    if clash is None and key:
        # A look-alike of an existing nickname (a Cyrillic а for a Latin a, a 0 for an O, …).
        looks = nickname_looks(nickname)
        for other in others.only("nickname").iterator():
            if looks & nickname_looks(other.nickname):
                return other
    return clash


def nickname_assert_free(nickname: str, *, exclude_pk: int | None = None) -> None:
    key = nickname_key(nickname)
    if not key:
        raise ValidationError({"nickname": [_("A nickname cannot be empty.")]}, code="blank")
    limit = Player._meta.get_field("nickname_key").max_length or 0
    if len(key) > limit:
        # Case folding may lengthen it (ß becomes ss): the key must still fit its column.
        raise ValidationError({"nickname": [_("This nickname is too long.")]}, code="max_length")
    clash = nickname_clash(nickname, exclude_pk=exclude_pk)
    if clash is not None:
        # A banned player does not come back under a variant of their nickname.
        player_assert_not_banned(clash, field="nickname")
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
    authorised: bool = False,
) -> Player:
    """Register a player in the federation, optionally as a member of a club from a date.

    ``authorised`` is for callers that checked rights themselves (a tournament's assigned
    director registering a newcomer at the desk)."""
    if not authorised:
        require_role(by, Role.ADMINISTRATOR, Role.DIRECTOR)
    nickname = nickname_clean(nickname)
    nickname_assert_free(nickname)
    player = Player(nickname=nickname, real_name=real_name.strip(), gender=gender, user=user)
    player.full_clean(exclude=["nickname_key"])
    player.save()
    if club is not None:
        membership_start(
            by=by,
            player=player,
            club=club,
            start=member_since or dt.date.today(),
            authorised=authorised,
        )
    return player


@transaction.atomic
def membership_start(
    *, by: AnyUser | None, player: Player, club: Club, start: dt.date, authorised: bool = False
) -> Membership:
    """Move ``player`` to ``club`` from ``start``; the open membership ends the day before."""
    if not authorised:
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
