from django.contrib import admin

from tournaments.models import (
    Category,
    CategoryPoints,
    Entry,
    Round,
    Season,
    Seat,
    Series,
    Table,
    Tournament,
)


class CategoryPointsInline(admin.TabularInline[CategoryPoints, Category]):
    model = CategoryPoints
    extra = 0


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin[Category]):
    list_display = ["name", "code"]
    inlines = [CategoryPointsInline]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin[Season]):
    list_display = ["year", "name"]


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


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin[Entry]):
    list_display = ["player", "tournament", "status", "is_substitute"]
    list_filter = ["tournament", "status"]
    raw_id_fields = ["player", "replaces"]


class TableInline(admin.TabularInline[Table, Round]):
    model = Table
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
    list_display = ["tournament", "number", "stage", "word", "status", "released"]
    list_filter = ["stage", "status"]
    inlines = [TableInline]


class SeatInline(admin.TabularInline[Seat, Table]):
    model = Seat
    extra = 0
    raw_id_fields = ["entry"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin[Table]):
    list_display = ["round", "number", "name", "kind", "line_judge"]
    inlines = [SeatInline]
