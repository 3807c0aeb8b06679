"""Public results pages: live results, final results (print), projector, chart, exports;
and the director's release control of a round's results."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.selectors import round_dashboard
from tournaments import exports, selectors
from tournaments.exports.chart import standings_chart
from tournaments.exports.files import EXPORTS, UnknownRoundError, export_body, export_refusal
from tournaments.models import Round, RoundStatus, Tournament
from tournaments.results.loading import results_version
from tournaments.results.selectors import (
    TournamentResults,
    results_viewer_may_see_unreleased,
    standings_by_round,
    tournament_results,
)
from tournaments.results.services import round_hold, round_release
from tournaments.views.common import act, round_of, tournament_for_director

LIVE_PARTS = {
    "live": "tournaments/results_live_fragment.html",
    "projector": "tournaments/results_projector_fragment.html",
}


def _seconds(request: HttpRequest, name: str, default: int) -> int:
    raw = request.GET.get(name, "")
    return int(raw) if raw.isdigit() and 2 <= int(raw) <= 120 else default


def _results(request: HttpRequest, tournament: Tournament) -> TournamentResults:
    return tournament_results(
        tournament,
        include_unreleased=results_viewer_may_see_unreleased(request.user, tournament),
    )


def _current_round(tournament: Tournament) -> Round | None:
    """The round being played (the latest published one), else the latest finished one."""
    public = list(selectors.round_list(tournament, public=True))
    playing = [r for r in public if r.status == RoundStatus.PUBLISHED]
    shown = playing or public
    return shown[-1] if shown else None


def _token(version: int, current: Round | None) -> str:
    """What the live page polls: the results version plus which round it shows, and how far."""
    if current is None:
        return str(version)
    return f"{version}.{current.pk}.{current.status}"


def _live_context(tournament: Tournament, results: TournamentResults) -> dict[str, Any]:
    current = _current_round(tournament)
    held = current is not None and current.number not in results.visible_rounds
    dashboard = round_dashboard(current) if current is not None and not held else None
    cut = results.standings.cut
    return {
        "tournament": tournament,
        "results": results,
        "current": current,
        "held": held,
        "held_rounds": [r.number for r in results.rounds if not r.released],
        "dashboard": dashboard,
        "lines": exports.standing_lines(results.standings, results.entries),
        "cut": cut,
        "token": _token(results.version, current),
    }


def results_live(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    context = _live_context(tournament, _results(request, tournament))
    context["every"] = _seconds(request, "every", 5)
    return render(request, "tournaments/results_live.html", context)


def results_live_poll(request: HttpRequest, slug: str) -> JsonResponse:
    """The small JSON the live page and the projector poll: the new fragment, only on change."""
    tournament = get_object_or_404(Tournament, slug=slug)
    part = LIVE_PARTS.get(request.GET.get("part", "live"))
    if part is None:
        return JsonResponse({"detail": _("Unknown part: use live or projector.")}, status=400)
    # Most polls find nothing new: answer them from the version alone, without the results.
    token = _token(results_version(tournament.pk), _current_round(tournament))
    if request.GET.get("since") == token:
        return JsonResponse({"version": token, "changed": False})
    # After a change every open page asks at once: render the fragment once per version
    # (it holds no per-user data, only what this kind of viewer may see).
    include = results_viewer_may_see_unreleased(request.user, tournament)
    key = f"results-live:{tournament.pk}:{token}:{int(include)}:{part}:{get_language()}"
    answer = cache.get(key)
    if answer is None:
        context = _live_context(
            tournament, tournament_results(tournament, include_unreleased=include)
        )
        html = render_to_string(part, context, request=request)
        answer = {"version": context["token"], "changed": True, "html": html}
        cache.set(key, answer, timeout=600)
    return JsonResponse(answer)


def results_final(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    results = _results(request, tournament)
    if results.classification is not None:
        lines: list[Any] = exports.classification_lines(results.classification, results.entries)
    else:
        lines = exports.standing_lines(results.standings, results.entries)
    placed = [line for line in lines if line.status.is_placed]
    unplaced = [line for line in lines if not line.status.is_placed]
    return render(
        request,
        "tournaments/results_final.html",
        {
            "tournament": tournament,
            "results": results,
            "placed": placed,
            "unplaced": unplaced,
            "is_complete": results.classification is not None
            and results.classification.is_complete,
        },
    )


def results_projector(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    context = _live_context(tournament, _results(request, tournament))
    context["every"] = _seconds(request, "every", 10)
    raw = request.GET.get("rows", "")
    context["rows"] = int(raw) if raw.isdigit() and 4 <= int(raw) <= 40 else 12
    return render(request, "tournaments/results_projector.html", context)


def results_chart(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    include = results_viewer_may_see_unreleased(request.user, tournament)
    results = tournament_results(tournament, include_unreleased=include)
    names = {pid: entry.nickname for pid, entry in results.entries.items()}
    chart = standings_chart(standings_by_round(tournament, include_unreleased=include), names)
    return render(
        request,
        "tournaments/results_chart.html",
        {"tournament": tournament, "results": results, "chart": chart},
    )


def results_export(
    request: HttpRequest, slug: str, kind: str, number: int | None = None
) -> HttpResponse:
    if kind not in EXPORTS:
        raise Http404(_("Unknown export."))
    tournament = get_object_or_404(Tournament, slug=slug)
    results = _results(request, tournament)
    try:
        refusal = export_refusal(results, number)
    except UnknownRoundError as exc:
        raise Http404(str(exc)) from exc
    if refusal is not None:
        return HttpResponseForbidden(refusal, content_type="text/plain; charset=utf-8")
    response = HttpResponse(
        export_body(tournament, results, kind, number), content_type=EXPORTS[kind]
    )
    stem = tournament.slug if number is None else f"{tournament.slug}-round-{number}"
    response["Content-Disposition"] = f'attachment; filename="{stem}-{kind}"'
    return response


def _release_control(
    request: HttpRequest, slug: str, number: int, *, release: bool
) -> HttpResponse:
    tournament = tournament_for_director(request, slug)
    round_ = round_of(tournament, number)
    if release:
        service, done = round_release, _("The results of this round are released to the public.")
    else:
        service, done = round_hold, _("The results of this round are held back from the public.")
    act(request, lambda: service(by=request.user, round_=round_), done)
    return redirect("round-manage", slug=slug, number=number)


@login_required
@require_POST
def results_round_release(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _release_control(request, slug, number, release=True)


@login_required
@require_POST
def results_round_hold(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _release_control(request, slug, number, release=False)
