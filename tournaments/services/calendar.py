"""Seasons and series: created and edited by directors and administrators (pages, API and the
admin site call these), each change recorded in the admin's change log."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.models import ADDITION, CHANGE
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scwu.roles import AnyUser
from tournaments.models import Category, Season, Series, Tournament
from tournaments.permissions import require_director
from tournaments.results.services import results_changed
from tournaments.services.changes import change_logged, refuse_unknown_fields
from tournaments.standings.team_rules import DEFAULT_TEAM_RULE

SEASON_FIELDS = ("year", "name")
SERIES_FIELDS = (
    "name", "slug", "default_category", "is_team_event", "team_rule", "teams_from_elite_roster",
)  # fmt: skip


def _audit(by: AnyUser | None, obj: models.Model, flag: int, fields: dict[str, Any]) -> None:
    """Who created or changed a season or series, and what (the admin's history of it)."""
    message = [{"added": {}} if flag == ADDITION else {"changed": {"fields": sorted(fields)}}]
    change_logged(by=by, subject=obj, message=message, flag=flag)


def _assert_year_free(year: int, season: Season | None = None) -> None:
    taken = Season.objects.filter(year=year)
    if season is not None:
        taken = taken.exclude(pk=season.pk)
    if taken.exists():
        raise ValidationError(
            {"year": [_("The season %(year)d exists already.") % {"year": year}]},
            code="duplicate",
        )


@transaction.atomic
def season_create(*, by: AnyUser | None, year: int, name: str = "") -> Season:
    require_director(by)
    _assert_year_free(year)
    season = Season(year=year, name=" ".join(name.split()))
    season.full_clean()
    season.save()
    _audit(by, season, ADDITION, {})
    return season


def season_has_tournaments(season: Season) -> bool:
    """Whether the season's year is fixed: rankings, rosters and addresses go by it."""
    return Tournament.objects.filter(season=season).exists()


@transaction.atomic
def season_update(*, by: AnyUser | None, season: Season, **fields: Any) -> Season:
    """A season's name, or its year while no tournament belongs to it (a typo's fix: the
    year is what rankings, rosters and addresses go by)."""
    require_director(by)
    refuse_unknown_fields(fields, SEASON_FIELDS)
    season = Season.objects.select_for_update().get(pk=season.pk)
    year = fields.get("year", season.year)
    if year != season.year:
        if season_has_tournaments(season):
            raise ValidationError(
                {"year": [_("Tournaments belong to this season: its year cannot change.")]},
                code="has_tournaments",
            )
        _assert_year_free(year, season)
        season.year = year
    if "name" in fields:
        season.name = " ".join(fields["name"].split())
    season.full_clean()
    season.save()
    _audit(by, season, CHANGE, fields)
    return season


def _assert_series_free(name: str, slug: str, series: Series | None = None) -> None:
    others = Series.objects.exclude(pk=series.pk) if series is not None else Series.objects.all()
    if others.filter(name__iexact=name).exists():
        raise ValidationError(
            {"name": [_("A series named %(name)s exists already.") % {"name": name}]},
            code="duplicate",
        )
    if others.filter(slug=slug).exists():
        raise ValidationError(
            {"slug": [_("The address %(slug)s is taken by another series.") % {"slug": slug}]},
            code="duplicate",
        )


@transaction.atomic
def series_create(
    *,
    by: AnyUser | None,
    name: str,
    slug: str = "",
    default_category: Category | None = None,
    is_team_event: bool = False,
    team_rule: str = DEFAULT_TEAM_RULE.value,
    teams_from_elite_roster: bool = False,
) -> Series:
    """A new series; its address (``slug``) is made from the name unless given."""
    require_director(by)
    name = " ".join(name.split())
    slug = slug or slugify(name)
    _assert_series_free(name, slug)
    series = Series(
        name=name,
        slug=slug,
        default_category=default_category,
        is_team_event=is_team_event,
        team_rule=team_rule,
        teams_from_elite_roster=teams_from_elite_roster,
    )
    series.full_clean()
    series.save()
    _audit(by, series, ADDITION, {})
    return series


@transaction.atomic
def series_update(*, by: AnyUser | None, series: Series, **fields: Any) -> Series:
    """A series' name, address, default category or team settings. A new default category
    changes the ranking points of its tournaments that have no category of their own."""
    require_director(by)
    refuse_unknown_fields(fields, SERIES_FIELDS)
    series = Series.objects.select_for_update().get(pk=series.pk)
    category_before = series.default_category_id
    for name, value in fields.items():
        setattr(series, name, " ".join(value.split()) if name == "name" else value)
    series.slug = series.slug or slugify(series.name)
    _assert_series_free(series.name, series.slug, series)
    series.full_clean()
    series.save()
    _audit(by, series, CHANGE, fields)
    if series.default_category_id != category_before:
        for pk in Tournament.objects.filter(series=series, category__isnull=True).values_list(
            "pk", flat=True
        ):
            results_changed(pk)
    return series
