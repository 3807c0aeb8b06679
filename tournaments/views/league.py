"""A league's pages: the league table (public, with its CSV and Excel files) and the director's
night."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from scwu.sheets import CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE
from scwu.views.forms import run_service
from tournaments.league.exports import league_csv, league_xlsx
from tournaments.league.selectors import LeagueTable, league_table
from tournaments.league.services import league_night_draw
from tournaments.league_forms import NightDrawForm
from tournaments.lifecycle import Action, Context, offers
from tournaments.models import EntryStatus, Round, Tournament, TournamentFormat
from tournaments.permissions import can_direct
from tournaments.results.selectors import results_viewer_may_see_unreleased
from tournaments.views.common import tournament_for_director


def _league(tournament: Tournament) -> Tournament:
    if tournament.format != TournamentFormat.LEAGUE:
        raise Http404(_("This tournament is not a league."))
    return tournament


def _table(request: HttpRequest, slug: str) -> LeagueTable:
    tournament = _league(get_object_or_404(Tournament, slug=slug))
    include = results_viewer_may_see_unreleased(request.user, tournament)
    return league_table(tournament, include_unreleased=include)


def league_table_page(request: HttpRequest, slug: str) -> HttpResponse:
    table = _table(request, slug)
    return render(
        request,
        "tournaments/league_table.html",
        {
            "tournament": table.tournament,
            "table": table,
            "can_direct": can_direct(request.user, table.tournament),
        },
    )


def _download(body: str | bytes, media_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=media_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def league_table_csv(request: HttpRequest, slug: str) -> HttpResponse:
    return _download(league_csv(_table(request, slug)), CSV_MEDIA_TYPE, f"{slug}-league.csv")


def league_table_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    return _download(league_xlsx(_table(request, slug)), XLSX_MEDIA_TYPE, f"{slug}-league.xlsx")


@login_required
def league_night(request: HttpRequest, slug: str) -> HttpResponse:
    """Tonight: mark who is present and draw the night (or its next round)."""
    tournament = _league(tournament_for_director(request, slug))
    form = NightDrawForm(request.POST or None, tournament=tournament)
    night = form["night"].initial
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        night = data["night"]  # kept: a refusal takes it out of the cleaned data
        drawn = run_service(
            form,
            lambda: league_night_draw(
                by=request.user,
                tournament=tournament,
                night=data["night"],
                present=[e.pk for e in data["present"]],
                word=data["word"],
                # the page's second button: another round on a night already drawn
                next_round=request.POST.get("next_round") == "1",
                seed=data["seed"],
            ),
        )
        if drawn is not None:
            return redirect("round-manage", slug=slug, number=drawn.number)
    if not form.is_bound:
        checked_in = tournament.entries.filter(status=EntryStatus.CHECKED_IN)
        form.initial["present"] = list(checked_in.values_list("pk", flat=True))
    tonight = Round.objects.filter(tournament=tournament, night=night).order_by("number")
    # The night's draw as the rules see it now: another round tonight only once tonight's
    # rounds are finished (not after the attendance is ticked and posted).
    draw_offer = offers(
        tournament,
        [Action.DRAW_NIGHT],
        Context(by=request.user, extra={"night": night, "next_round": tonight.exists()}),
    )["draw_night"]
    return render(
        request,
        "tournaments/league_night.html",
        {
            "tournament": tournament,
            "form": form,
            "tonight": tonight.select_related("word"),
            "draw_offer": draw_offer,
            "nights": Round.objects.filter(tournament=tournament)
            .exclude(night=None)
            .order_by("-night", "number")
            .select_related("word")[:30],
        },
        status=400 if form.errors else 200,
    )
