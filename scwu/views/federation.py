"""Public pages of the federation: players, clubs, the word register."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scwu import selectors
from scwu.forms import EliteRosterForm, WordProposeForm, WordReviewForm
from scwu.models import Club, Country, Player, PlayingWord
from scwu.models.commission import Verdict, WordStatus
from scwu.roles import Role, has_role
from scwu.security.params import text_param
from scwu.services import clubs, words
from scwu.views.forms import run_service
from tournaments import selectors as tournament_selectors
from tournaments.rankings import chart, records
from tournaments.rankings import selectors as rankings


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "player_count": Player.objects.count(),
        "club_count": Club.objects.count(),
        "country_count": Country.objects.count(),
        "approved_word_count": selectors.word_approved_list().count(),
        **tournament_selectors.home_overview(),
    }
    return render(request, "scwu/home.html", context)


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page links: send them to the site's icon."""
    return redirect(static("scwu/favicon.svg"), permanent=True)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 403 page: says why (the PermissionDenied message), in the site's layout."""
    reason = str(exception) if exception is not None and str(exception) else ""
    return render(request, "403.html", {"reason": reason}, status=403)


def player_directory(request: HttpRequest) -> HttpResponse:
    search = text_param(request, "q").strip()
    page = Paginator(selectors.player_list(search=search), 40).get_page(request.GET.get("page"))
    return render(request, "scwu/player_list.html", {"page": page, "search": search})


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    memberships = player.memberships.select_related("club", "club__country")
    bans = player.bans.all()
    history = rankings.player_history(player)
    return render(
        request,
        "scwu/player_detail.html",
        {
            "player": player,
            "memberships": memberships,
            "bans": bans,
            "history": history,
            "career": rankings.career_figures(history),
            "titles": rankings.titles_of(history),
            "records_held": records.records_held(player, records.records_compute()),
            "rate_chart": chart.success_rate_chart(rankings.rate_points(history)),
        },
    )


def club_directory(request: HttpRequest) -> HttpResponse:
    return render(request, "scwu/club_list.html", {"clubs": selectors.club_list()})


def club_detail(
    request: HttpRequest, slug: str, roster_form: EliteRosterForm | None = None
) -> HttpResponse:
    club = get_object_or_404(Club.objects.select_related("country", "captain"), slug=slug)
    manage = clubs.can_manage_roster(request.user, club)
    if manage and roster_form is None:
        season = dt.date.today().year
        current = club.elite_rosters.filter(season=season).first()
        roster_form = EliteRosterForm(
            club=club,
            initial={"season": season, "players": list(current.players.all()) if current else []},
        )
    return render(
        request,
        "scwu/club_detail.html",
        {
            "club": club,
            "memberships": selectors.club_members(club),
            "rosters": club.elite_rosters.prefetch_related("players"),
            "club_results": rankings.club_results(club),
            "team_history": tournament_selectors.club_team_history(club),
            "roster_form": roster_form if manage else None,
        },
        status=400 if roster_form is not None and roster_form.errors else 200,
    )


@login_required
@require_POST
def club_roster(request: HttpRequest, slug: str) -> HttpResponse:
    """The captain (or an administrator) sets the club's elite roster for a season."""
    club = get_object_or_404(Club, slug=slug)
    if not clubs.can_manage_roster(request.user, club):
        raise PermissionDenied(_("Only the club's captain or an administrator sets its roster."))
    form = EliteRosterForm(request.POST, club=club)
    if form.is_valid():
        data = form.cleaned_data
        roster = run_service(
            form,
            lambda: clubs.elite_roster_set(
                by=request.user, club=club, season=data["season"], players=data["players"]
            ),
        )
        if roster is not None:
            messages.success(
                request, _("The elite roster %(season)d is saved.") % {"season": roster.season}
            )
            return redirect("club-detail", slug=club.slug)
    return club_detail(request, slug, roster_form=form)


def word_register(request: HttpRequest) -> HttpResponse:
    status = text_param(request, "status")
    if status not in WordStatus.values:
        status = ""
    return render(
        request,
        "scwu/word_list.html",
        {
            "words": selectors.word_list(status=status or None),
            "status": status,
            "statuses": WordStatus.choices,
            "quorum": words.word_quorum(),
        },
    )


def word_detail(request: HttpRequest, pk: int) -> HttpResponse:
    word = get_object_or_404(PlayingWord, pk=pk)
    form = WordReviewForm()
    # A member sees the review form only when the review service would take it, else why not
    # (their own proposal, reviewed already); the others see no form.
    member = has_role(request.user, Role.COMMISSION) and word.status == WordStatus.PROPOSED
    refusal = words.word_review_refusal(request.user, word) if member else None
    can_review = member and refusal is None
    reviews = list(word.reviews.select_related("member__user"))
    return render(
        request,
        "scwu/word_detail.html",
        {
            "word": word,
            "reviews": reviews,
            "approvals": sum(1 for r in reviews if r.verdict == Verdict.APPROVE),
            "quorum": words.word_quorum(),
            "form": form,
            "can_review": can_review,
            "review_refused": " ".join(refusal.messages) if refusal is not None else "",
        },
    )


@login_required
def word_propose(request: HttpRequest) -> HttpResponse:
    form = WordProposeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        fields = {k: v for k, v in form.cleaned_data.items() if k != "confirm_letters"}
        word = run_service(form, lambda: words.word_propose(by=request.user, **fields))
        if word is not None:
            messages.success(
                request, _("Word %(word)s proposed to the commission.") % {"word": word}
            )
            return redirect("word-detail", pk=word.pk)
    return render(
        request, "scwu/word_propose.html", {"form": form}, status=400 if form.errors else 200
    )


@login_required
@require_POST
def word_review(request: HttpRequest, pk: int) -> HttpResponse:
    word = get_object_or_404(PlayingWord, pk=pk)
    form = WordReviewForm(request.POST)
    if form.is_valid():
        review = run_service(
            form, lambda: words.word_review(by=request.user, word=word, **form.cleaned_data)
        )
        if review is not None:
            messages.success(request, _("Your review is recorded."))
            return redirect("word-detail", pk=word.pk)
    for error in form.errors.values():
        messages.error(request, " ".join(str(e) for e in error))
    return redirect("word-detail", pk=word.pk)
