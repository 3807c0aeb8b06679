"""A player's seats round by round ("Where I sit") and a tournament's invitations."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scwu.models import Player
from scwu.views.forms import run_service
from tournaments import matchday
from tournaments.models import TournamentRole
from tournaments.services.invitations import tournament_invite
from tournaments.views.common import tournament_for_director


class TournamentInviteForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("Email address"))
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=TournamentRole.choices)


@login_required
def where_i_sit(request: HttpRequest) -> HttpResponse:
    """Each of my tables in the running tournaments, round by round (published draws)."""
    me: Any = request.user  # signed in (login_required)
    player = Player.objects.filter(user=me).first()
    seats = matchday.seat_list_for_player(player) if player is not None else []
    return render(request, "people/where_i_sit.html", {"player": player, "seats": seats})


@login_required
def tournament_invitations(request: HttpRequest, slug: str) -> HttpResponse:
    """A director invites a co-director, the head referee or a line judge by email."""
    tournament = tournament_for_director(request, slug)
    form = TournamentInviteForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        sent = run_service(
            form,
            lambda: tournament_invite(
                by=request.user,
                tournament=tournament,
                email=form.cleaned_data["email"],
                role=form.cleaned_data["role"],
            ),
        )
        if sent is not None:
            messages.success(request, _("Invitation sent to %(email)s.") % {"email": sent.email})
            return redirect("tournament-invitations", slug=slug)
    return render(
        request,
        "people/tournament_invitations.html",
        {"tournament": tournament, "form": form, "invitations": tournament.invitations.all()},
        status=400 if form.errors else 200,
    )
