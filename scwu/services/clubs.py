"""Clubs: creation, the captain and the elite roster. The admin site and the captain's page on
the club call these; the checks are public so that forms can show them on the right field."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scwu.models import Club, Country, EliteRoster, Membership, Player
from scwu.models.clubs import ELITE_ROSTER_MAX
from scwu.roles import AnyUser, Role, has_role, require_role
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


def club_captain_check(*, club: Club, captain: Player | None) -> None:
    """A captain is a current member of the club (or nobody)."""
    if captain is not None and player_club_at(captain, dt.date.today()) != club:
        raise ValidationError(
            {"captain": [_("The captain must be a current member of the club.")]},
            code="not_member",
        )


@transaction.atomic
def club_set_captain(*, by: AnyUser | None, club: Club, captain: Player | None) -> Club:
    require_role(by, Role.ADMINISTRATOR)
    club_captain_check(club=club, captain=captain)
    club.captain = captain
    club.save(update_fields=["captain"])
    return club


def can_manage_roster(user: AnyUser | None, club: Club) -> bool:
    """An administrator, or the club's own captain."""
    if has_role(user, Role.ADMINISTRATOR):
        return True
    player: Any = getattr(user, "player", None) if user is not None else None
    return player is not None and club.captain_id == player.pk


def is_season_closed(season: int) -> bool:
    """A season is a calendar year; it is closed once the year is over (in the federation's
    time zone): its rosters are history the club rankings were computed from."""
    return season < timezone.localdate().year


def elite_roster_assert_open(season: int) -> None:
    """Refuse any change to a closed season's elite rosters (services, pages, API, admin)."""
    if is_season_closed(season):
        raise ValidationError(
            {
                "season": [
                    _("The %(season)d season is closed: its elite rosters cannot be changed.")
                    % {"season": season}
                ]
            },
            code="closed",
        )


def _every_year_is_a_season(year: int) -> bool:
    return True


#: Whether the federation's calendar holds the season ``year``. The calendar is the
#: tournaments' (``tournaments.Season``, a layer above the federation): ``TournamentsConfig``
#: installs its lookup (:func:`season_lookup_install`) when the apps are ready.
_season_exists: Callable[[int], bool] = _every_year_is_a_season


def season_lookup_install(lookup: Callable[[int], bool]) -> None:
    global _season_exists
    _season_exists = lookup


def elite_roster_check(*, club: Club, season: int, players: Iterable[Player]) -> list[Player]:
    """A season of the calendar, still open; at most six players, each named once and a
    member of the club at some time in it."""
    if not 1900 <= season <= 2999:
        raise ValidationError({"season": [_("A season is a year, e.g. 2026.")]}, code="invalid")
    if not _season_exists(season):
        raise ValidationError(
            {
                "season": [
                    _("There is no %(season)d season: a director creates it first.")
                    % {"season": season}
                ]
            },
            code="no_season",
        )
    elite_roster_assert_open(season)
    given = list(players)
    chosen = list(dict.fromkeys(given))
    if len(chosen) != len(given):
        twice = [player for player in chosen if given.count(player) > 1]
        raise ValidationError(
            {
                "players": [
                    _("Each player is named once: %(names)s named more than once.")
                    % {"names": ", ".join(player.nickname for player in twice)}
                ]
            },
            code="duplicate",
        )
    if len(chosen) > ELITE_ROSTER_MAX:
        raise ValidationError(
            {
                "players": [
                    _("An elite roster holds at most %(n)d players.") % {"n": ELITE_ROSTER_MAX}
                ]
            },
            code="too_many",
        )
    first, last = dt.date(season, 1, 1), dt.date(season, 12, 31)
    members = set(
        Membership.objects.filter(club=club, player__in=chosen, start__lte=last)
        .filter(Q(end__isnull=True) | Q(end__gte=first))
        .values_list("player_id", flat=True)
    )
    strangers = [player for player in chosen if player.pk not in members]
    if strangers:
        raise ValidationError(
            {
                "players": [
                    _("Not a member of %(club)s in %(season)d: %(names)s.")
                    % {
                        "club": club,
                        "season": season,
                        "names": ", ".join(p.nickname for p in strangers),
                    }
                ]
            },
            code="not_member",
        )
    return chosen


@transaction.atomic
def elite_roster_set(
    *, by: AnyUser | None, club: Club, season: int, players: Iterable[Player]
) -> EliteRoster:
    """Set ``club``'s elite roster for ``season``: its captain or an administrator."""
    if not can_manage_roster(by, club):
        raise PermissionDenied(_("Only the club's captain or an administrator sets its roster."))
    chosen = elite_roster_check(club=club, season=season, players=players)
    roster, _created = EliteRoster.objects.get_or_create(club=club, season=season)
    roster.players.set(chosen)
    return roster
