"""The team pages of a tournament: its teams, one team with its members' figures, and the
forms of the directors and the clubs' captains to enter, change and withdraw a team.

Every write goes through the team services (``tournaments.services.teams``); a page offers
an action only when the lifecycle allows it now (``tournaments.lifecycle.teams``), or shows
it disabled with the reason, and only to who may take it (``can_manage_team``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scwu.models import Club
from scwu.roles import AnyUser
from scwu.security.params import int_value
from scwu.views.forms import run_service
from tournaments import selectors
from tournaments.lifecycle import Action, Context, Offer, offers
from tournaments.models import Team, TeamMode, Tournament
from tournaments.permissions import can_direct, can_manage_team
from tournaments.results.teams import TeamClassification, TeamRow, team_classification
from tournaments.services import teams as team_services
from tournaments.team_forms import TeamClubForm, TeamForm
from tournaments.views.common import act
from tournaments.visibility import results_viewer_may_see_unreleased


def team_clubs(user: AnyUser | None, tournament: Tournament) -> list[Club]:
    """The clubs whose teams ``user`` may manage in ``tournament`` (``can_manage_team``):
    every club for its directors, else the clubs they captain."""
    if can_direct(user, tournament):
        return list(Club.objects.order_by("name"))
    player = getattr(user, "player", None)
    if player is None:
        return []
    captained = Club.objects.filter(captain=player).order_by("name")
    return [club for club in captained if can_manage_team(user, tournament, club)]


def _tournament(slug: str) -> Tournament:
    return get_object_or_404(
        Tournament.objects.select_related("season", "series", "category"), slug=slug
    )


def _team(tournament: Tournament, pk: int) -> Team:
    return get_object_or_404(
        Team.objects.select_related("club", "tournament"), tournament=tournament, pk=pk
    )


def _classification(request: HttpRequest, tournament: Tournament) -> TeamClassification:
    include = results_viewer_may_see_unreleased(request.user, tournament)
    return team_classification(tournament, include_unreleased=include)


def _enter_offer(request: HttpRequest, tournament: Tournament) -> Offer | None:
    """The "Enter a team" button for who may enter one (``None``: not for this user)."""
    if not team_clubs(request.user, tournament):
        return None
    context = Context(by=request.user)
    return offers(tournament, [Action.TEAM_ENTER], context)[Action.TEAM_ENTER]


def _team_offers(request: HttpRequest, team: Team) -> dict[str, Offer]:
    """Change and withdraw as the team's page offers them ({} for who may not manage it)."""
    if not can_manage_team(request.user, team.tournament, team.club):
        return {}
    context = Context(by=request.user, extra={"club": team.club})
    return offers(team, [Action.TEAM_CHANGE, Action.TEAM_WITHDRAW], context)


def team_list(request: HttpRequest, slug: str) -> HttpResponse:
    """A tournament's teams: each with its club, place and members, linked to its page."""
    tournament = _tournament(slug)
    if tournament.team_mode == TeamMode.OFF and not selectors.team_list(tournament).exists():
        return render(
            request, "tournaments/teams.html", {"tournament": tournament, "no_teams": True}
        )
    classification = _classification(request, tournament)
    return render(
        request,
        "tournaments/teams.html",
        {
            "tournament": tournament,
            "teams": list(selectors.team_list(tournament)),
            "classification": classification,
            "enter": _enter_offer(request, tournament),
        },
    )


def _row_of(classification: TeamClassification, team: Team) -> TeamRow | None:
    return next((row for row in classification.rows if row.team_id == team.pk), None)


def team_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One team: its club, its place and figures, and each member's figures."""
    tournament = _tournament(slug)
    team = _team(tournament, pk)
    classification = _classification(request, tournament)
    return render(
        request,
        "tournaments/team_detail.html",
        {
            "tournament": tournament,
            "team": team,
            "classification": classification,
            "row": _row_of(classification, team),
            "offers": _team_offers(request, team),
        },
    )


def _form_page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    team: Team | None,
    club: Club | None,
    club_form: TeamClubForm | None = None,
    form: TeamForm | None = None,
    other_clubs: bool = False,
) -> HttpResponse:
    errors = (form is not None and form.errors) or (club_form is not None and club_form.errors)
    return render(
        request,
        "tournaments/team_form.html",
        {
            "tournament": tournament,
            "team": team,
            "club": club,
            "club_form": club_form,
            "form": form,
            "other_clubs": other_clubs,
        },
        status=400 if errors else 200,
    )


def _refused(request: HttpRequest, tournament: Tournament, offer: Offer) -> HttpResponse:
    """The form page saying why nothing can be entered now (no form)."""
    return render(
        request,
        "tournaments/team_form.html",
        {"tournament": tournament, "team": None, "refused": offer},
        status=409,
    )


@login_required
def team_enter(request: HttpRequest, slug: str) -> HttpResponse:
    """Enter a club's team: the club first (``?club=``, or the only one the user has), then
    the team's name, members and substitute."""
    tournament = _tournament(slug)
    clubs = team_clubs(request.user, tournament)
    if not clubs:
        raise PermissionDenied(
            _("Only the tournament's directors or the club's captain may manage its teams.")
        )
    offer = _enter_offer(request, tournament)
    if offer is not None and not offer.allowed:
        return _refused(request, tournament, offer)
    raw = request.POST.get("club") if request.method == "POST" else request.GET.get("club")
    chosen = int_value("club", raw, default=None, minimum=1)
    if chosen is None and len(clubs) == 1:
        chosen = clubs[0].pk
    club_form = TeamClubForm({"club": chosen} if chosen else None, clubs=clubs)
    if not club_form.is_bound or not club_form.is_valid():
        return _form_page(request, tournament, team=None, club=None, club_form=club_form)
    club = club_form.cleaned_data["club"]
    others = len(clubs) > 1
    if request.method != "POST":
        form = TeamForm(tournament=tournament, club=club)
        return _form_page(request, tournament, team=None, club=club, form=form, other_clubs=others)
    form = TeamForm(request.POST, tournament=tournament, club=club)
    if form.is_valid():
        data = form.cleaned_data
        team = run_service(
            form,
            lambda: team_services.team_enter(
                by=request.user,
                tournament=tournament,
                club=club,
                name=data["name"],
                members=list(data["members"]),
                substitute=data["substitute"],
            ),
        )
        if team is not None:
            messages.success(request, _("The team %(team)s is entered.") % {"team": team})
            return redirect("team-detail", slug=tournament.slug, pk=team.pk)
    return _form_page(request, tournament, team=None, club=club, form=form, other_clubs=others)


def _line_up(team: Team) -> dict[str, Any]:
    members = list(team.members.select_related("entry__player"))
    return {
        "name": team.name,
        "members": [m.entry.player for m in members if not m.is_substitute],
        "substitute": next((m.entry.player for m in members if m.is_substitute), None),
    }


@login_required
def team_change(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Rename a team or change its members or substitute (the club stays)."""
    tournament = _tournament(slug)
    team = _team(tournament, pk)
    shown = _team_offers(request, team)
    if not shown:
        raise PermissionDenied(
            _("Only the tournament's directors or the club's captain may manage its teams.")
        )
    if not shown[Action.TEAM_CHANGE].allowed:
        return _refused(request, tournament, shown[Action.TEAM_CHANGE])
    if request.method != "POST":
        form = TeamForm(initial=_line_up(team), tournament=tournament, club=team.club, team=team)
        return _form_page(request, tournament, team=team, club=team.club, form=form)
    form = TeamForm(request.POST, tournament=tournament, club=team.club, team=team)
    if form.is_valid():
        data = form.cleaned_data
        changed = run_service(
            form,
            lambda: team_services.team_change(
                by=request.user,
                team=team,
                name=data["name"],
                members=list(data["members"]),
                substitute=data["substitute"],
            ),
        )
        if changed is not None:
            messages.success(request, _("The team %(team)s is saved.") % {"team": changed})
            return redirect("team-detail", slug=tournament.slug, pk=team.pk)
    return _form_page(request, tournament, team=team, club=team.club, form=form)


@login_required
@require_POST
def team_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Withdraw a team (its players stay entered); back to the teams, or to the team's page
    with the reason when it is refused."""
    tournament = _tournament(slug)
    team = _team(tournament, pk)
    name = team.name

    def withdraw() -> bool:
        team_services.team_withdraw(by=request.user, team=team)
        return True

    done = act(request, withdraw, _("The team %(team)s has withdrawn.") % {"team": name})
    if done is None:
        return redirect("team-detail", slug=tournament.slug, pk=pk)
    return redirect("team-list", slug=tournament.slug)
