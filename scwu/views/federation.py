"""Public pages of the federation: players, clubs, the word register."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scwu import selectors
from scwu.forms import WordProposeForm, WordReviewForm
from scwu.models import Club, Country, Player, PlayingWord
from scwu.models.commission import WordStatus
from scwu.roles import Role, has_role
from scwu.services import words
from scwu.views.forms import run_service
from tournaments.rankings import chart, records
from tournaments.rankings import selectors as rankings


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "player_count": Player.objects.count(),
        "club_count": Club.objects.count(),
        "country_count": Country.objects.count(),
        "approved_word_count": selectors.word_approved_list().count(),
    }
    return render(request, "scwu/home.html", context)


def player_directory(request: HttpRequest) -> HttpResponse:
    search = request.GET.get("q", "").strip()
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


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club.objects.select_related("country", "captain"), slug=slug)
    return render(
        request,
        "scwu/club_detail.html",
        {
            "club": club,
            "memberships": selectors.club_members(club),
            "rosters": club.elite_rosters.prefetch_related("players"),
            "club_results": rankings.club_results(club),
        },
    )


def word_register(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("status", "")
    if status not in WordStatus.values:
        status = ""
    return render(
        request,
        "scwu/word_list.html",
        {
            "words": selectors.word_list(status=status or None),
            "status": status,
            "statuses": WordStatus.choices,
        },
    )


def word_detail(request: HttpRequest, pk: int) -> HttpResponse:
    word = get_object_or_404(PlayingWord, pk=pk)
    form = WordReviewForm()
    can_review = has_role(request.user, Role.COMMISSION) and word.status == WordStatus.PROPOSED
    return render(
        request,
        "scwu/word_detail.html",
        {
            "word": word,
            "reviews": word.reviews.select_related("member__user"),
            "form": form,
            "can_review": can_review,
        },
    )


@login_required
def word_propose(request: HttpRequest) -> HttpResponse:
    form = WordProposeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        word = run_service(form, lambda: words.word_propose(by=request.user, **form.cleaned_data))
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
