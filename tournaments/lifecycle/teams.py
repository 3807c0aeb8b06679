"""The teams' part of a tournament's life: entering a team, changing it, withdrawing it.

Decisions: a tournament without teams takes none; a finished tournament takes none until
it is reopened (its team classification is frozen with its entries). The club's captain
enters and changes the club's teams while registration is open; the tournament's directors
until the tournament ends, while it runs included (a substitution, a member who cannot go
on), since they run the event. :data:`Action.TEAM_ENTER` takes the tournament, the others
the team; ``Context.by`` is who acts and ``Context.extra["club"]`` the club whose team is
entered (without it, entering is offered to directors and captains).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scwu.roles import Role, has_role
from tournaments.lifecycle.base import Action, Context, Refusal, rule
from tournaments.lifecycle.tournament import tournament_of
from tournaments.models import Team, TeamMode, TournamentStatus
from tournaments.permissions import can_direct, can_manage_team

TEAM_ACTIONS = (Action.TEAM_ENTER, Action.TEAM_CHANGE, Action.TEAM_WITHDRAW)


@rule(*TEAM_ACTIONS)
def tournament_has_teams(subject: object, context: Context) -> Refusal | None:
    if tournament_of(subject).team_mode == TeamMode.OFF:
        return Refusal(
            "no_teams", _("This tournament has no team competition."), "tournament", off_path=True
        )
    return None


@rule(*TEAM_ACTIONS)
def teams_frozen_when_finished(subject: object, context: Context) -> Refusal | None:
    if tournament_of(subject).status == TournamentStatus.FINISHED:
        return Refusal(
            "tournament_finished",
            _("The tournament is finished: its teams cannot change until a director reopens it."),
            "tournament",
        )
    return None


@rule(*TEAM_ACTIONS)
def team_managers_only(subject: object, context: Context) -> Refusal | None:
    # Asked only for a person (pages and the API's offers); the services check the
    # permission first and answer 403.
    if context.by is None:
        return None
    tournament = tournament_of(subject)
    club = subject.club if isinstance(subject, Team) else context.extra.get("club")
    if club is not None:
        allowed = can_manage_team(context.by, tournament, club)
    else:
        allowed = can_direct(context.by, tournament) or has_role(context.by, Role.CAPTAIN)
    if allowed:
        return None
    return Refusal(
        "not_team_manager",
        _("Only the tournament's directors or the club's captain may manage its teams."),
    )


@rule(*TEAM_ACTIONS)
def captains_while_registration_open(subject: object, context: Context) -> Refusal | None:
    tournament = tournament_of(subject)
    if tournament.status == TournamentStatus.REGISTRATION or context.by is None:
        return None
    if can_direct(context.by, tournament):
        return None
    return Refusal(
        "registration_closed",
        _(
            "Captains enter and change teams while registration is open; after that only "
            "the tournament's directors do."
        ),
        "tournament",
    )
