"""Public results pages: live results, final results (print), projector, chart, exports;
and the director's release control of a round's results."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS
from django.db.models import OuterRef, QuerySet, Subquery
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.selectors import dashboard_entries, round_table_keys
from scwu.cache import kept_many
from scwu.compiled_sql import CompiledQuery
from scwu.httpcache import etag_of, not_modified, public_page, versioned
from scwu.security.params import int_param
from tournaments import exports, selectors
from tournaments.exports.chart import standings_chart
from tournaments.exports.files import UnknownRoundError, export_refusal, final_lines
from tournaments.exports.kinds import export_kind, unknown_export_message
from tournaments.models import ResultsState, Round, RoundStatus, TeamMode, Tournament
from tournaments.results.selectors import (
    TournamentResults,
    results_viewer_may_see_unreleased,
    standings_by_round,
    tournament_results,
)
from tournaments.results.services import round_hold, round_release
from tournaments.results.teams import TeamClassification, team_classification
from tournaments.views.common import act, round_of, tournament_for_director

LIVE_PARTS = {
    "live": "tournaments/results_live_fragment.html",
    "projector": "tournaments/results_projector_fragment.html",
}
TABLE_BLOCK = "tournaments/_results_table.html"


def _seconds(request: HttpRequest, name: str, default: int) -> int:
    return int_param(request, name, default=default, minimum=2, maximum=120) or default


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


def _with_token(tournaments: QuerySet[Tournament]) -> Any:
    """``tournaments`` with what :func:`_token` reads, as subqueries of the same query."""
    rounds = Round.objects.filter(tournament=OuterRef("pk")).order_by("-number")
    public = rounds.filter(status__in=[RoundStatus.PUBLISHED, RoundStatus.FINISHED])
    return tournaments.annotate(
        version=Subquery(
            ResultsState.objects.filter(tournament=OuterRef("pk")).values("requested")[:1]
        ),
        playing=Subquery(rounds.filter(status=RoundStatus.PUBLISHED).values("pk")[:1]),
        last=Subquery(public.values("pk")[:1]),
        last_status=Subquery(public.values("status")[:1]),
    )


def _token_of(version: int | None, playing: int | None, last: int | None, status: str) -> str:
    if playing is not None:
        return f"{version or 0}.{playing}.{RoundStatus.PUBLISHED}"
    return str(version or 0) if last is None else f"{version or 0}.{last}.{status}"


#: The tournament's fields the live page and the projector read (plain values: the row is
#: read on the bare cursor, without the ORM's converters; in the model's order, which
#: ``Model.from_db`` expects); any other is read when asked.
_LIVE_FIELDS = tuple(
    field.attname
    for field in Tournament._meta.concrete_fields
    if field.attname in ("id", "slug", "name", "format", "team_mode", "head_referee_id")
)


def _live_row_query(slug: str) -> QuerySet[Tournament, tuple[Any, ...]]:
    return _with_token(Tournament.objects.filter(slug=slug)).values_list(
        *_LIVE_FIELDS, "version", "playing", "last", "last_status"
    )


#: Every view and poll of a live page runs it: its SQL is built once (scwu.compiled_sql).
_LIVE_ROW = CompiledQuery(_live_row_query, str)


def _live_row(slug: str) -> tuple[Any, ...]:
    rows = _LIVE_ROW.rows(slug)
    if not rows:
        raise Http404(_("No such tournament."))
    return rows[0]


def _live_token(slug: str) -> tuple[int, str]:
    """The tournament's id and :func:`_token`, in one small query (what every poll costs)."""
    row = _live_row(slug)
    return row[0], _token_of(*row[len(_LIVE_FIELDS) :])


def _live_tournament(slug: str) -> tuple[Tournament, str]:
    """The tournament and its :func:`_token`, in one query (what every page view costs)."""
    row = _live_row(slug)
    fields = len(_LIVE_FIELDS)
    tournament = Tournament.from_db(DEFAULT_DB_ALIAS, _LIVE_FIELDS, row[:fields])
    return tournament, _token_of(*row[fields:])


#: Seconds a table's block of the live page stays cached (its key changes with the table).
TABLE_BLOCK_SECONDS = 600


def _table_blocks(round: Round) -> list[SafeString]:
    """The round's tables as the live page shows them. Each is rendered once per version of
    the table (its dashboard entry's key) and kept: after a deal one table is rendered again,
    not the round; with nothing kept, from the tables' summaries (``games.summaries``)."""
    keyed = round_table_keys(round)

    def build(missing: list[int]) -> list[str]:
        entries = dashboard_entries([keyed[index][0] for index in missing])
        return [render_to_string(TABLE_BLOCK, {"item": entry}) for entry in entries]

    keys = [f"results-table:{key}" for _table, key in keyed]
    return [mark_safe(block) for block in kept_many(keys, build, TABLE_BLOCK_SECONDS)]


def _live_context(
    tournament: Tournament, results: TournamentResults, part: str = LIVE_PARTS["live"]
) -> dict[str, Any]:
    current = _current_round(tournament)
    held = current is not None and current.number not in results.visible_rounds
    # Only the live part shows the round's tables (not the projector).
    shows_tables = current is not None and not held and part == LIVE_PARTS["live"]
    cut = results.standings.cut
    return {
        "tournament": tournament,
        "results": results,
        "current": current,
        "held": held,
        "held_rounds": [r.number for r in results.rounds if not r.released],
        "tables": _table_blocks(current) if shows_tables and current is not None else None,
        "lines": exports.standing_lines(results.standings, results.entries),
        # Once a final exists the classification leads; the standings are the basic rounds.
        "classified": exports.classification_lines(
            results.classification, results.entries, results.figures
        )
        if results.classification is not None
        else [],
        "cut": cut,
        "token": _token(results.version, current),
        "team_table": _team_table(tournament, results),
    }


def _team_table(tournament: Tournament, results: TournamentResults) -> TeamClassification | None:
    """The team classification as this viewer sees it, for a tournament with teams."""
    if tournament.team_mode == TeamMode.OFF:
        return None
    return team_classification(tournament, include_unreleased=results.includes_unreleased)


def _fragment(
    request: HttpRequest,
    slug: str,
    tournament_id: int,
    token: str,
    part: str,
    include: bool,
    tournament: Tournament | None = None,
) -> dict[str, Any]:
    """The live fragment of ``part`` at ``token``, rendered once per version and kind of
    viewer (it holds no per-user data, only what this kind of viewer may see).
    ``tournament``: the row, when the caller has read it."""
    key = f"results-live:{tournament_id}:{token}:{int(include)}:{part}:{get_language()}"
    answer: dict[str, Any] | None = cache.get(key)
    if answer is None:
        if tournament is None:
            tournament = get_object_or_404(Tournament, pk=tournament_id)
        elif deferred := tournament.get_deferred_fields():
            # The page's row holds only what the page shows (_LIVE_FIELDS): the results read
            # the rest, in one query rather than one per field.
            tournament.refresh_from_db(fields=list(deferred))
        context = _live_context(
            tournament, tournament_results(tournament, include_unreleased=include), part
        )
        html = render_to_string(part, context, request=request)
        answer = {"version": context["token"], "changed": True, "html": html}
        cache.set(key, answer, timeout=600)
    return answer


def _may_see_unreleased(request: HttpRequest, tournament_id: int) -> bool:
    if not request.user.is_authenticated:
        return False  # the public, without a query
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return results_viewer_may_see_unreleased(request.user, tournament)


def _live_page(request: HttpRequest, slug: str, part: str) -> tuple[Tournament, dict[str, Any]]:
    """The page around the cached fragment: the tournament, its token and the fragment."""
    tournament, token = _live_tournament(slug)
    include = results_viewer_may_see_unreleased(request.user, tournament)
    answer = _fragment(request, slug, tournament.pk, token, LIVE_PARTS[part], include, tournament)
    return tournament, {
        "tournament": tournament,
        "token": answer["version"],
        "fragment": mark_safe(answer["html"]),  # our own template, rendered above
    }


@public_page
def results_live(request: HttpRequest, slug: str) -> HttpResponse:
    _tournament, context = _live_page(request, slug, "live")
    context["every"] = _seconds(request, "every", 5)
    return render(request, "tournaments/results_live.html", context)


def results_live_poll(request: HttpRequest, slug: str) -> HttpResponse:
    """The small JSON the live page and the projector poll: the new fragment, only on change.

    Most polls find nothing new and cost one query (the token); after a change every open
    page asks at once, and the fragment is rendered once per version (then nginx answers the
    public for ``PUBLIC_MAX_AGE`` seconds)."""
    part = LIVE_PARTS.get(request.GET.get("part", "live"))
    if part is None:
        return JsonResponse({"detail": _("Unknown part: use live or projector.")}, status=400)
    tournament_id, token = _live_token(slug)
    if request.GET.get("since") == token:
        response: HttpResponse = JsonResponse({"version": token, "changed": False})
        return versioned(response, etag=etag_of(token, "same"), shared=True)
    include = _may_see_unreleased(request, tournament_id)
    etag = etag_of(token, int(include), part, get_language())
    unchanged = not_modified(request, etag)
    if unchanged is not None:
        return unchanged
    answer = _fragment(request, slug, tournament_id, token, part, include)
    return versioned(JsonResponse(answer), etag=etag, shared=not include)


@public_page
def results_final(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    results = _results(request, tournament)
    # The same lines, in the same order, as the page's files (classification.csv, .xlsx).
    lines = final_lines(results)
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
            "team_table": _team_table(tournament, results),
        },
    )


@public_page
def results_projector(request: HttpRequest, slug: str) -> HttpResponse:
    _tournament, context = _live_page(request, slug, "projector")
    context["every"] = _seconds(request, "every", 10)
    context["rows"] = int_param(request, "rows", default=12, minimum=4, maximum=40)
    return render(request, "tournaments/results_projector.html", context)


def results_chart(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    include = results_viewer_may_see_unreleased(request.user, tournament)
    results = tournament_results(tournament, include_unreleased=include)
    names = {pid: entry.nickname for pid, entry in results.entries.items()}
    chart = standings_chart(
        standings_by_round(tournament, include_unreleased=include), names, results.classification
    )
    return render(
        request,
        "tournaments/results_chart.html",
        {"tournament": tournament, "results": results, "chart": chart},
    )


def results_export(
    request: HttpRequest, slug: str, kind: str, number: int | None = None
) -> HttpResponse:
    export = export_kind(kind)
    if export is None:
        raise Http404(unknown_export_message())
    tournament = get_object_or_404(Tournament, slug=slug)
    results = _results(request, tournament)
    try:
        refusal = export_refusal(results, number)
    except UnknownRoundError as exc:
        raise Http404(str(exc)) from exc
    if refusal is not None:
        return HttpResponseForbidden(refusal, content_type="text/plain; charset=utf-8")
    return export.download(tournament, results, number)


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
