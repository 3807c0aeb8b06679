"""Public pages of the seasons: rankings with qualification lists, CSV and Excel files, records,
archive."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from scwu.sheets import CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE
from tournaments.models import RankingKind, Season
from tournaments.permissions import can_direct
from tournaments.rankings import exports, records, selectors


def _season(year: int) -> Season:
    return get_object_or_404(Season, year=year)


def _kind(kind: str) -> str:
    if kind not in RankingKind.values:
        raise Http404(_("No such ranking: use 'players' or 'clubs'."))
    return kind


def ranking_current(request: HttpRequest) -> HttpResponse:
    season = selectors.season_current()
    if season is None:
        return render(
            request,
            "tournaments/season_ranking.html",
            {"season": None, "can_edit": can_direct(request.user)},
        )
    return redirect("season-ranking", year=season.year)


def season_ranking(
    request: HttpRequest, year: int, kind: str = RankingKind.PLAYERS
) -> HttpResponse:
    season = _season(year)
    kind = _kind(kind)
    ranking = selectors.season_ranking(season, kind)
    qualification = None
    if kind == RankingKind.PLAYERS:
        qualification = selectors.season_qualification(season, ranking)
    return render(
        request,
        "tournaments/season_ranking.html",
        {
            "season": season,
            "seasons": selectors.season_list(),
            "kind": kind,
            "lines": selectors.ranking_lines(ranking, qualification),
            "qualification": qualification,
            "can_edit": can_direct(request.user),
        },
    )


def season_ranking_csv(request: HttpRequest, year: int, kind: str) -> HttpResponse:
    season = _season(year)
    kind = _kind(kind)
    text = exports.season_ranking_csv(season, kind, selectors.season_ranking(season, kind))
    response = HttpResponse(text, content_type=CSV_MEDIA_TYPE)
    filename = exports.season_ranking_filename(season, kind)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def season_ranking_xlsx(request: HttpRequest, year: int, kind: str) -> HttpResponse:
    season = _season(year)
    kind = _kind(kind)
    body = exports.season_ranking_xlsx(season, kind, selectors.season_ranking(season, kind))
    response = HttpResponse(body, content_type=XLSX_MEDIA_TYPE)
    filename = exports.season_ranking_filename(season, kind, "xlsx")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def records_page(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/records.html",
        {
            "tables": records.records_compute(),
            "min_deals": records.RECORD_MIN_DEALS,
            "seasons": selectors.season_list(),
        },
    )


def season_archive(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/archive.html",
        {"archive": selectors.season_archive(), "seasons": selectors.season_list()},
    )
