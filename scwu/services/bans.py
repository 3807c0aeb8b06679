from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.models import Ban, Player
from scwu.models.bans import BanSource
from scwu.roles import AnyUser, Role, require_role


def player_active_ban(player: Player) -> Ban | None:
    return Ban.objects.filter(player=player, lifted_on__isnull=True).first()


def player_assert_not_banned(player: Player, *, field: str = "player") -> None:
    """Refuse a banned player with the reason; registration and seating call this."""
    ban = player_active_ban(player)
    if ban is not None:
        raise ValidationError(
            {
                field: [
                    _("%(player)s is banned for life since %(date)s: %(reason)s")
                    % {"player": player, "date": ban.imposed_on.isoformat(), "reason": ban.reason}
                ]
            },
            code="banned",
        )


@transaction.atomic
def ban_impose(
    *,
    by: AnyUser | None,
    player: Player,
    reason: str,
    source: str = BanSource.ADMINISTRATOR,
    on: dt.date | None = None,
    authorised: bool = False,
) -> Ban:
    """Ban ``player`` for life. ``authorised`` is for callers that checked rights themselves
    (a referee's renonc B ruling creates the ban through the scorekeeping service)."""
    if not authorised:
        require_role(by, Role.ADMINISTRATOR)
    if not reason.strip():
        raise ValidationError({"reason": [_("A ban needs a reason.")]}, code="required")
    existing = player_active_ban(player)
    if existing is not None:
        raise ValidationError(
            {"player": [_("%(player)s is already banned.") % {"player": player}]},
            code="already_banned",
        )
    ban = Ban(
        player=player,
        source=source,
        reason=reason.strip(),
        imposed_on=on or dt.date.today(),
        imposed_by=by if by is not None and by.is_authenticated else None,  # type: ignore[misc]
    )
    ban.full_clean()
    ban.save()
    return ban


@transaction.atomic
def ban_lift(*, by: AnyUser | None, ban: Ban, on: dt.date | None = None) -> Ban:
    require_role(by, Role.ADMINISTRATOR)
    if ban.lifted_on is not None:
        raise ValidationError({"ban": [_("This ban was already lifted.")]}, code="lifted")
    ban.lifted_on = on or dt.date.today()
    ban.save(update_fields=["lifted_on"])
    return ban
