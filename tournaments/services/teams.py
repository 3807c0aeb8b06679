"""Teams: a club enters named teams into a tournament, changes them and withdraws them.

The pages, the API and the admin site all write through these services. Every refusal is a
``ValidationError`` naming the field and the reason (``PermissionDenied`` for who may), and
nothing is written on a refusal (one transaction).

Decisions:

- Who: the tournament's directors, or the club's captain (``tournaments.permissions``);
  when: the lifecycle's team rules (``tournaments.lifecycle.teams``): never once the
  tournament is finished, captains only while registration is open.
- A team has exactly ``Tournament.team_size`` scoring members and at most one substitute.
- Members are the club's members on the tournament's first day (the club their entry
  keeps, and the club the team's points go to), or, where the series says so, the players
  on the club's elite roster for the tournament's season.
- A player is in one team of a tournament at most.
- Members are entered in the tournament by the entry service when they have no entry yet
  (its nickname, ban and registration checks); a member who has withdrawn from the
  tournament cannot join a team. A member who leaves a team keeps the entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final

from django.contrib.admin.models import ADDITION, CHANGE, DELETION
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.models import Club, Player
from scwu.roles import AnyUser
from scwu.services.bans import player_assert_not_banned
from tournaments.lifecycle import Action, Context, require
from tournaments.models import Entry, EntryStatus, Team, TeamMember, Tournament
from tournaments.permissions import require_team_manager
from tournaments.results.services import results_changed
from tournaments.selectors import team_pool
from tournaments.services.changes import change_logged
from tournaments.services.entries import entry_register


class _Keep(Enum):
    KEEP = "keep"


#: ``team_change(substitute=KEEP)``: leave the substitute as it is.
KEEP: Final = _Keep.KEEP


def _lock_tournament(tournament: Tournament) -> Tournament:
    return (
        Tournament.objects.select_for_update(no_key=True)
        .select_related("season", "series")
        .get(pk=tournament.pk)
    )


def _check_name(tournament: Tournament, name: str, team: Team | None) -> str:
    name = name.strip()
    if not name:
        raise ValidationError({"name": [_("A team needs a name.")]}, code="required")
    taken = Team.objects.filter(tournament=tournament, name__iexact=name)
    if team is not None:
        taken = taken.exclude(pk=team.pk)
    if taken.exists():
        raise ValidationError(
            {"name": [_("A team named %(name)s is already entered.") % {"name": name}]},
            code="duplicate",
        )
    return name


def _check_line_up(
    tournament: Tournament, members: Sequence[Player], substitute: Player | None
) -> None:
    if len({p.pk for p in members}) != len(members):
        raise ValidationError(
            {"members": [_("A player is listed twice in the team.")]}, code="duplicate"
        )
    if len(members) != tournament.team_size:
        raise ValidationError(
            {
                "members": [
                    _(
                        "A team of this tournament has exactly %(size)d players besides its "
                        "substitute; %(count)d were given."
                    )
                    % {"size": tournament.team_size, "count": len(members)}
                ]
            },
            code="team_size",
        )
    if substitute is not None and substitute.pk in {p.pk for p in members}:
        raise ValidationError(
            {"substitute": [_("The substitute cannot also be one of the team's players.")]},
            code="duplicate",
        )


def _check_eligible(
    tournament: Tournament, club: Club, player: Player, team: Team, field: str
) -> None:
    """The club's member (or elite roster player), not banned, in no other team."""
    if not team_pool(tournament, club).filter(pk=player.pk).exists():
        if tournament.series.teams_from_elite_roster:
            message = _("%(player)s is not on %(club)s's elite roster for %(season)s.") % {
                "player": player,
                "club": club,
                "season": tournament.season.year,
            }
            code = "not_on_roster"
        else:
            message = _("%(player)s is not a member of %(club)s on %(date)s.") % {
                "player": player,
                "club": club,
                "date": tournament.start_date.isoformat(),
            }
            code = "not_member"
        raise ValidationError({field: [message]}, code=code)
    player_assert_not_banned(player, field=field)
    other = (
        TeamMember.objects.filter(team__tournament=tournament, entry__player=player)
        .select_related("team")
        .first()
    )
    if other is not None and other.team_id != team.pk:
        raise ValidationError(
            {
                field: [
                    _("%(player)s is already in the team %(team)s.")
                    % {"player": player, "team": other.team}
                ]
            },
            code="other_team",
        )


def _entry_for(by: AnyUser | None, tournament: Tournament, player: Player, field: str) -> Entry:
    """The player's entry, made by the entry service (its checks) when there is none."""
    entry = Entry.objects.filter(tournament=tournament, player=player).first()
    if entry is None:
        return entry_register(by=by, tournament=tournament, player=player)
    if entry.status == EntryStatus.WITHDRAWN:
        raise ValidationError(
            {field: [_("%(player)s has withdrawn from the tournament.") % {"player": player}]},
            code="withdrawn",
        )
    return entry


def _line_up_set(
    by: AnyUser | None,
    team: Team,
    members: Sequence[Player],
    substitute: Player | None,
) -> None:
    """Check every player joining the team, then replace its members (nothing written on a
    refusal: the caller's transaction). A player already in the team keeps the entry as it
    is: a member who withdrew or was banned meanwhile stays until the team drops them."""
    tournament = team.tournament
    current = {
        m.entry.player_id: m.entry
        for m in TeamMember.objects.filter(team=team).select_related("entry")
    }
    listed = [(p, "members") for p in members]
    if substitute is not None:
        listed.append((substitute, "substitute"))
    joining = [(p, field) for p, field in listed if p.pk not in current]
    for player, field in joining:
        _check_eligible(tournament, team.club, player, team, field)
    entries = {p.pk: _entry_for(by, tournament, p, field) for p, field in joining}
    TeamMember.objects.filter(team=team).delete()
    TeamMember.objects.bulk_create(
        TeamMember(
            team=team,
            entry=current.get(p.pk) or entries[p.pk],
            is_substitute=field == "substitute",
        )
        for p, field in listed
    )


def _described(members: Sequence[Player], substitute: Player | None) -> str:
    names = ", ".join(str(p) for p in members)
    return f"{names}; substitute: {substitute}" if substitute is not None else names


@transaction.atomic
def team_enter(
    *,
    by: AnyUser | None,
    tournament: Tournament,
    club: Club,
    name: str,
    members: Sequence[Player],
    substitute: Player | None = None,
) -> Team:
    """Enter ``club``'s team ``name`` with its ``members`` (and a substitute) in one step:
    members without an entry are registered through the entry service."""
    tournament = _lock_tournament(tournament)
    require_team_manager(by, tournament, club)
    require(Action.TEAM_ENTER, tournament, Context(by=by, extra={"club": club}))
    name = _check_name(tournament, name, None)
    _check_line_up(tournament, members, substitute)
    team = Team(
        tournament=tournament,
        club=club,
        name=name,
        created_by=by if by is not None and by.is_authenticated else None,  # type: ignore[misc]
    )
    team.full_clean()
    team.save()
    _line_up_set(by, team, members, substitute)
    change_logged(
        by=by,
        subject=team,
        message=f"Entered the team: {_described(members, substitute)}.",
        flag=ADDITION,
    )
    results_changed(tournament.pk)
    return team


def _lock_team(team: Team) -> Team:
    return (
        Team.objects.select_for_update(of=("self",), no_key=True)
        .select_related("tournament", "tournament__season", "tournament__series", "club")
        .get(pk=team.pk)
    )


@transaction.atomic
def team_change(
    *,
    by: AnyUser | None,
    team: Team,
    name: str | None = None,
    members: Sequence[Player] | None = None,
    substitute: Player | _Keep | None = KEEP,
) -> Team:
    """Rename a team, change its members or its substitute (``None`` removes it); what is
    not given stays as it is."""
    team = _lock_team(team)
    tournament = _lock_tournament(team.tournament)
    team.tournament = tournament
    require_team_manager(by, tournament, team.club)
    require(Action.TEAM_CHANGE, team, Context(by=by, extra={"club": team.club}))
    current = list(TeamMember.objects.filter(team=team).select_related("entry__player"))
    new_members = (
        list(members)
        if members is not None
        else [m.entry.player for m in current if not m.is_substitute]
    )
    kept_substitute = next((m.entry.player for m in current if m.is_substitute), None)
    new_substitute = kept_substitute if isinstance(substitute, _Keep) else substitute
    changed: list[str] = []
    if name is not None and name.strip() != team.name:
        team.name = _check_name(tournament, name, team)
        team.full_clean()
        team.save(update_fields=["name"])
        changed.append(f"name: {team.name}")
    before = {(m.entry.player_id, m.is_substitute) for m in current}
    after = {(p.pk, False) for p in new_members} | (
        {(new_substitute.pk, True)} if new_substitute is not None else set()
    )
    if before != after:
        _check_line_up(tournament, new_members, new_substitute)
        _line_up_set(by, team, new_members, new_substitute)
        changed.append(f"members: {_described(new_members, new_substitute)}")
    if changed:
        change_logged(
            by=by, subject=team, message=f"Changed the team ({'; '.join(changed)}).", flag=CHANGE
        )
        results_changed(tournament.pk)
    return team


@transaction.atomic
def team_withdraw(*, by: AnyUser | None, team: Team) -> None:
    """Withdraw a team: it leaves the team classification; its players keep their entries."""
    team = _lock_team(team)
    tournament = _lock_tournament(team.tournament)
    team.tournament = tournament
    require_team_manager(by, tournament, team.club)
    require(Action.TEAM_WITHDRAW, team, Context(by=by, extra={"club": team.club}))
    change_logged(by=by, subject=team, message="Withdrew the team.", flag=DELETION)
    tournament_id = tournament.pk
    team.delete()
    results_changed(tournament_id)
