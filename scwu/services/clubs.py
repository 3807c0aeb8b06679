from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scwu.models import Club, Country, EliteRoster, Player
from scwu.models.clubs import ELITE_ROSTER_MAX
from scwu.roles import AnyUser, Role, require_role
from scwu.selectors import player_club_at


@transaction.atomic
def club_create(
    *, by: AnyUser | None, name: str, country: Country, founded: dt.date | None = None
) -> Club:
    require_role(by, Role.ADMINISTRATOR)
    name = " ".join(name.split())
    if Club.objects.filter(name__iexact=name).exists():
        raise ValidationError(
            {"name": [_("A club named %(name)s exists already.") % {"name": name}]},
            code="duplicate",
        )
    base = slugify(name) or "club"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    club = Club(name=name, slug=slug, country=country, founded=founded)
    club.full_clean()
    club.save()
    return club


@transaction.atomic
def club_set_captain(*, by: AnyUser | None, club: Club, captain: Player | None) -> Club:
    require_role(by, Role.ADMINISTRATOR)
    if captain is not None and player_club_at(captain, dt.date.today()) != club:
        raise ValidationError(
            {"captain": [_("The captain must be a current member of the club.")]},
            code="not_member",
        )
    club.captain = captain
    club.save(update_fields=["captain"])
    return club


@transaction.atomic
def elite_roster_set(
    *, by: AnyUser | None, club: Club, season: int, players: list[Player]
) -> EliteRoster:
    require_role(by, Role.ADMINISTRATOR)
    if len(set(players)) > ELITE_ROSTER_MAX:
        raise ValidationError(
            {
                "players": [
                    _("An elite roster holds at most %(n)d players.") % {"n": ELITE_ROSTER_MAX}
                ]
            },
            code="too_many",
        )
    roster, _created = EliteRoster.objects.get_or_create(club=club, season=season)
    roster.players.set(players)
    return roster
