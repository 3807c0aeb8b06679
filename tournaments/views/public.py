"""Public pages: tournaments by season, one tournament, its published draws and projector."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from scwu.roles import Role, has_role
from scwu.security.params import int_param
from tournaments import matchday, selectors
from tournaments.models import EntryStatus, Round, Season, Tournament, TournamentStatus
from tournaments.permissions import can_direct
from tournaments.results.selectors import tournament_results
from tournaments.views.common import ban_refusal, round_of, status_buttons


def tournament_list(request: HttpRequest) -> HttpResponse:
    seasons = list(Season.objects.order_by("-year"))
    season = int_param(request, "season", default=None, minimum=1900, maximum=2200)
    return render(
        request,
        "tournaments/tournament_list.html",
        {
            "tournaments": selectors.tournament_list(season=season),
            "seasons": seasons,
            "season": season,
            "can_create": can_direct(request.user),
        },
    )


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(
        Tournament.objects.select_related("season", "series", "category", "head_referee"),
        slug=slug,
    )
    user = request.user
    own_player = getattr(user, "player", None) if user.is_authenticated else None
    entries = selectors.entry_list(tournament)
    registered = own_player is not None and entries.filter(player=own_player).exists()
    club_players = []
    if tournament.status == TournamentStatus.REGISTRATION and has_role(user, Role.CAPTAIN):
        club_players = list(selectors.captain_players(user, tournament))
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "entries": entries.exclude(status=EntryStatus.WITHDRAWN),
            "withdrawn": entries.filter(status=EntryStatus.WITHDRAWN),
            "rounds": selectors.round_list(tournament, public=not can_direct(user, tournament)),
            "can_direct": can_direct(user, tournament),
            "status_buttons": status_buttons(tournament, user)
            if can_direct(user, tournament)
            else [],
            "can_self_register": own_player is not None
            and not registered
            and tournament.status == TournamentStatus.REGISTRATION,
            # A banned player is not offered a registration the service refuses: the reason.
            "self_register_refused": ban_refusal(own_player),
            "club_players": club_players,
            "live_rounds": matchday.round_live_list(tournament),
            # A finished tournament says what classified it (the results pages say the same).
            "results": tournament_results(tournament)
            if tournament.status == TournamentStatus.FINISHED
            else None,
        },
    )


def _public_round(request: HttpRequest, slug: str, number: int) -> Round:
    tournament = get_object_or_404(Tournament, slug=slug)
    round = round_of(tournament, number)
    if not selectors.round_is_public(round) and not can_direct(request.user, tournament):
        raise Http404("This draw is not published.")
    return round


def round_draw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round = _public_round(request, slug, number)
    return render(
        request,
        "tournaments/round_draw.html",
        {"round": round, "tournament": round.tournament, "tables": selectors.round_tables(round)},
    )


def seat_cards(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round = _public_round(request, slug, number)
    return render(
        request,
        "tournaments/seat_cards.html",
        {"round": round, "tournament": round.tournament, "tables": selectors.round_tables(round)},
    )


def projector(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round = _public_round(request, slug, number)
    seconds = int_param(request, "every", default=8, minimum=2, maximum=120)
    return render(
        request,
        "tournaments/projector.html",
        {
            "round": round,
            "tournament": round.tournament,
            "tables": selectors.round_tables(round),
            "seconds": seconds,
        },
    )
