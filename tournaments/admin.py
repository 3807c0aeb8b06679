from typing import Any

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.forms import BaseInlineFormSet
from django.http import HttpRequest

from tournaments.lifecycle.tournament import finished_refusal
from tournaments.models import (
    Category,
    CategoryPoints,
    Entry,
    Round,
    Season,
    Series,
    Table,
    TableSeat,
    Tournament,
    TournamentInvitation,
)
from tournaments.results.points import points_table_validate
from tournaments.results.services import results_changed
from tournaments.services.calendar import season_has_tournaments


class CategoryPointsFormSet(BaseInlineFormSet[CategoryPoints, Category, Any]):
    """The points table is checked as a whole, as the service does: no gaps, no negative
    values, never rising with the place; a bad table is refused and nothing is saved."""

    def clean(self) -> None:
        super().clean()
        points: dict[int, int] = {}
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data or data.get("DELETE") or data.get("place") is None:
                continue
            points[data["place"]] = data["points"]
        if points:
            try:
                points_table_validate(self.instance, points)
            except ValidationError as exc:
                raise ValidationError(exc.messages) from exc


class CategoryPointsInline(admin.TabularInline[CategoryPoints, Category]):
    model = CategoryPoints
    formset = CategoryPointsFormSet
    extra = 0


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin[Category]):
    list_display = ["name", "code"]
    inlines = [CategoryPointsInline]

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        # New points change the placings' points, and through them the season rankings.
        for pk in Tournament.objects.filter(category=form.instance).values_list("pk", flat=True):
            results_changed(pk)


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin[Season]):
    list_display = ["year", "name"]

    def get_readonly_fields(self, request: HttpRequest, obj: Season | None = None) -> Any:
        # The calendar's rule: rankings, rosters and addresses go by a season's year, so it
        # is fixed once tournaments belong to the season (as on the season's edit page).
        if obj is not None and season_has_tournaments(obj):
            return ["year"]
        return []


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin[Series]):
    list_display = ["name", "default_category", "is_team_event"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin[Tournament]):
    list_display = ["name", "season", "series", "edition", "start_date", "status"]
    list_filter = ["season", "series", "status"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["host_clubs", "directors", "line_judges"]
    # The status moves through the lifecycle's rules (the tournament's page and the API):
    # finishing asks a confirmation, reopening is logged.
    readonly_fields = ["status"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin[Entry]):
    list_display = ["player", "tournament", "status", "is_substitute"]
    list_filter = ["tournament", "status"]
    raw_id_fields = ["player", "replaces"]

    def has_change_permission(self, request: HttpRequest, obj: Entry | None = None) -> bool:
        # A finished tournament's entries are frozen with its classification until it is
        # reopened (the lifecycle's rule, as the pages and the API obey it).
        frozen = obj is not None and finished_refusal(obj.tournament) is not None
        return not frozen and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Entry | None = None) -> bool:
        frozen = obj is not None and finished_refusal(obj.tournament) is not None
        return not frozen and super().has_delete_permission(request, obj)


class TableInline(admin.TabularInline[Table, Round]):
    model = Table
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
    list_display = ["tournament", "number", "stage", "word", "status", "released"]
    list_filter = ["stage", "status"]
    inlines = [TableInline]
    readonly_fields = ["status"]  # moved by the lifecycle's rules (the round pages, the API)


class TableSeatInline(admin.TabularInline[TableSeat, Table]):
    model = TableSeat
    extra = 0
    raw_id_fields = ["entry"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin[Table]):
    list_display = ["round", "number", "name", "kind", "line_judge"]
    inlines = [TableSeatInline]


@admin.register(TournamentInvitation)
class TournamentInvitationAdmin(admin.ModelAdmin[TournamentInvitation]):
    """Issued on the tournament's page (its one-time link is emailed, never stored)."""

    list_display = ["email", "tournament", "role", "invited_by", "expires_at", "accepted_by"]
    list_filter = ["role"]
    exclude = ["digest"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
