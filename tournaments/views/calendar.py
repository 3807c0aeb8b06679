"""The director's pages for seasons and series: the list, new and edit.

A new season or series started from the new-tournament form (``?next=`` its address) goes
back there with it chosen (``?season=<year>``, ``?series=<slug>``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from scwu.security.redirects import safe_next
from scwu.views.forms import run_service
from tournaments.forms import SeasonForm, SeriesForm
from tournaments.models import Season, Series
from tournaments.permissions import require_director
from tournaments.services import calendar as calendar_services

TEMPLATE = "tournaments/calendar_form.html"


@login_required
def calendar_manage(request: HttpRequest) -> HttpResponse:
    require_director(request.user)
    return render(
        request,
        "tournaments/calendar.html",
        {"seasons": Season.objects.all(), "series_list": Series.objects.all()},
    )


def _back(request: HttpRequest, param: str, value: str) -> HttpResponse:
    """To where the director came from, with the new season or series chosen there."""
    target = safe_next(request, request.POST.get("next") or request.GET.get("next"))
    if target is None:
        return redirect("calendar-manage")
    joiner = "&" if "?" in target else "?"
    return redirect(f"{target}{joiner}{urlencode({param: value})}")


def _form_page(
    request: HttpRequest,
    form: SeasonForm | SeriesForm,
    save: Callable[[dict[str, Any]], Any],
    done: Callable[[Any], HttpResponse],
    title: str,
) -> HttpResponse:
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        saved = run_service(form, lambda: save(data))
        if saved is not None:
            messages.success(request, _("Saved: %(name)s.") % {"name": saved})
            return done(saved)
    return render(
        request,
        TEMPLATE,
        {"form": form, "title": title, "next": request.GET.get("next", "")},
        status=400 if form.errors else 200,
    )


@login_required
def season_create(request: HttpRequest) -> HttpResponse:
    require_director(request.user)
    return _form_page(
        request,
        SeasonForm(request.POST or None),
        lambda data: calendar_services.season_create(by=request.user, **data),
        lambda season: _back(request, "season", str(season.year)),
        _("New season"),
    )


@login_required
def season_edit(request: HttpRequest, year: int) -> HttpResponse:
    require_director(request.user)
    season = get_object_or_404(Season, year=year)
    form = SeasonForm(request.POST or None, initial={"year": season.year, "name": season.name})
    if calendar_services.season_has_tournaments(season):
        form.fields["year"].disabled = True
        form.fields["year"].help_text = _(
            "Tournaments belong to this season: its year cannot change."
        )
    return _form_page(
        request,
        form,
        lambda data: calendar_services.season_update(by=request.user, season=season, **data),
        lambda season: redirect("calendar-manage"),
        _("Season %(season)s") % {"season": season},
    )


@login_required
def series_create(request: HttpRequest) -> HttpResponse:
    require_director(request.user)
    return _form_page(
        request,
        SeriesForm(request.POST or None),
        lambda data: calendar_services.series_create(by=request.user, **data),
        lambda series: _back(request, "series", series.slug),
        _("New series"),
    )


@login_required
def series_edit(request: HttpRequest, slug: str) -> HttpResponse:
    require_director(request.user)
    series = get_object_or_404(Series, slug=slug)
    initial = {
        "name": series.name,
        "slug": series.slug,
        "default_category": series.default_category_id,
        "is_team_event": series.is_team_event,
        "team_rule": series.team_rule,
        "teams_from_elite_roster": series.teams_from_elite_roster,
    }
    return _form_page(
        request,
        SeriesForm(request.POST or None, initial=initial),
        lambda data: calendar_services.series_update(by=request.user, series=series, **data),
        lambda series: redirect("calendar-manage"),
        str(series),
    )
