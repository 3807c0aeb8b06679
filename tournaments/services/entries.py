"""Entries: registration, check-in, withdrawal and non-scoring substitutes."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scwu.models import Club, Player
from scwu.roles import AnyUser, Role, has_role
from scwu.selectors import player_club_at
from scwu.services.bans import player_assert_not_banned
from scwu.services.invitations import claim_invite
from scwu.services.players import player_create
from tournaments.lifecycle import Action, Context, require
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.permissions import can_direct, require_director
from tournaments.results.services import results_changed


def _captain_of(user: Any, player: Player, on: dt.date) -> bool:
    if not has_role(user, Role.CAPTAIN):
        return False
    club = player_club_at(player, on)
    return club is not None and club.captain_id == user.player.pk


def _may_register(user: AnyUser | None, tournament: Tournament, player: Player) -> None:
    """Directors register anyone; players register themselves and captains their club's
    players; when is the lifecycle's rule (:data:`Action.REGISTER`)."""
    if not can_direct(user, tournament):
        if user is None or not user.is_authenticated:
            raise PermissionDenied(_("Sign in to register."))
        u: Any = user
        own = hasattr(u, "player") and u.player.pk == player.pk
        if not own and not _captain_of(u, player, dt.date.today()):
            raise PermissionDenied(
                _(
                    "You may register yourself, or as a captain your club's players; only a "
                    "director registers others."
                )
            )
    require(Action.REGISTER, tournament, Context(by=user))


@transaction.atomic
def entry_register(*, by: AnyUser | None, tournament: Tournament, player: Player) -> Entry:
    """Register ``player``; banned players and duplicates are refused with the reason."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    _may_register(by, tournament, player)
    player_assert_not_banned(player)
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError(
            {"player": [_("%(player)s is already registered.") % {"player": player}]},
            code="duplicate",
        )
    entry = Entry(
        tournament=tournament,
        player=player,
        club=player_club_at(player, tournament.start_date),
        registered_by=by if by is not None and by.is_authenticated else None,  # type: ignore[misc]
    )
    entry.full_clean()
    entry.save()
    return entry


@transaction.atomic
def entry_register_newcomer(
    *,
    by: AnyUser | None,
    tournament: Tournament,
    nickname: str,
    real_name: str = "",
    gender: str = "",
    club: Club | None = None,
    email: str = "",
) -> Entry:
    """At the registration desk: a director adds a newcomer who is not yet in the registry.

    The player is created by the registry's own service (nickname rules, a duplicate in any
    case or accents refused, a banned player's nickname refused with the ban), as a member of
    ``club`` from the tournament's first day when given, then entered; on any refusal nothing
    is written. Given an ``email``, the newcomer is invited to claim the player (their own
    account, linked on acceptance)."""
    require_director(by, tournament)
    require(Action.REGISTER, tournament, Context(by=by))
    player = player_create(
        by=by,
        nickname=nickname,
        real_name=real_name,
        gender=gender,
        club=club,
        member_since=min(dt.date.today(), tournament.start_date),
        authorised=True,
    )
    entry = entry_register(by=by, tournament=tournament, player=player)
    if email.strip():
        claim_invite(by=by, player=player, email=email)
    return entry


def _lock(entry: Entry) -> Entry:
    return (
        Entry.objects.select_for_update(of=("self",), no_key=True)
        .select_related("tournament", "player")
        .get(pk=entry.pk)
    )


@transaction.atomic
def entry_check_in(*, by: AnyUser | None, entry: Entry, checked_in: bool = True) -> Entry:
    """Check a player in on the day (or undo it); only directors."""
    entry = _lock(entry)
    require_director(by, entry.tournament)
    require(Action.CHECK_IN, entry, Context(by=by))
    if checked_in:
        player_assert_not_banned(entry.player, field="entry")
    entry.status = EntryStatus.CHECKED_IN if checked_in else EntryStatus.REGISTERED
    entry.checked_in_at = timezone.now() if checked_in else None
    entry.save(update_fields=["status", "checked_in_at"])
    results_changed(entry.tournament_id)
    return entry


@transaction.atomic
def entry_withdraw(*, by: AnyUser | None, entry: Entry, classified: bool = False) -> Entry:
    """Withdraw a player; the director decides whether they stay classified.

    A player may also withdraw themself while registration is open.
    """
    entry = _lock(entry)
    u: Any = by
    own = (
        by is not None
        and by.is_authenticated
        and hasattr(u, "player")
        and u.player.pk == entry.player_id
        and entry.tournament.status == TournamentStatus.REGISTRATION
    )
    if not own:
        require_director(by, entry.tournament)
    require(Action.WITHDRAW, entry, Context(by=by))
    entry.status = EntryStatus.WITHDRAWN
    entry.withdrawn_at = timezone.now()
    entry.withdrawal_classified = bool(classified) and not own
    entry.save(update_fields=["status", "withdrawn_at", "withdrawal_classified"])
    results_changed(entry.tournament_id)
    return entry


@transaction.atomic
def entry_substitute_add(*, by: AnyUser | None, replaces: Entry, player: Player) -> Entry:
    """A non-scoring substitute takes the place of a withdrawn player, checked in at once."""
    replaces = _lock(replaces)
    tournament = replaces.tournament
    require_director(by, tournament)
    require(Action.SUBSTITUTE, replaces, Context(by=by))
    player_assert_not_banned(player)
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError(
            {"player": [_("%(player)s is already registered.") % {"player": player}]},
            code="duplicate",
        )
    entry = Entry(
        tournament=tournament,
        player=player,
        club=player_club_at(player, tournament.start_date),
        is_substitute=True,
        replaces=replaces,
        status=EntryStatus.CHECKED_IN,
        checked_in_at=timezone.now(),
        registered_by=by if by is not None and by.is_authenticated else None,  # type: ignore[misc]
    )
    entry.full_clean()
    entry.save()
    results_changed(tournament.pk)
    return entry
