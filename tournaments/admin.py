from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin.widgets import FilteredSelectMultiple
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.forms import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from scwu.models import Player
from tournaments.lifecycle.tournament import finished_refusal
from tournaments.models import (
    Category,
    CategoryPoints,
    CategoryTeamPoints,
    Entry,
    Round,
    Season,
    Series,
    Table,
    TableSeat,
    Team,
    TeamMember,
    Tournament,
    TournamentInvitation,
)
from tournaments.results.points import points_table_validate
from tournaments.results.services import results_changed
from tournaments.services.calendar import season_has_tournaments
from tournaments.services.teams import team_change, team_enter, team_withdraw


class CategoryPointsFormSet(BaseInlineFormSet[Any, Category, Any]):
    """The points table (the players' or the teams') is checked as a whole, as the service
    does: no gaps, no negative values, never rising with the place; a bad table is refused
    and nothing is saved."""

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


class CategoryTeamPointsInline(admin.TabularInline[CategoryTeamPoints, Category]):
    """Team ranking points by the team's place; none: the category awards teams nothing."""

    model = CategoryTeamPoints
    formset = CategoryPointsFormSet
    extra = 0


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin[Category]):
    list_display = ["name", "code"]
    inlines = [CategoryPointsInline, CategoryTeamPointsInline]

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


class TeamAdminForm(forms.ModelForm[Team]):
    """A team's club, name, players and substitute, written by the team services (their
    checks and log) when the form is cleaned: a refusal is shown on the form, and nothing
    is written. The admin's request (set by :class:`TeamAdmin`) is who acts."""

    members = forms.ModelMultipleChoiceField(
        label=_("players"),
        queryset=Player.objects.order_by("nickname_key"),
        widget=FilteredSelectMultiple(_("players"), is_stacked=False),
    )
    substitute = forms.ModelChoiceField(
        label=_("substitute"), queryset=Player.objects.order_by("nickname_key"), required=False
    )
    request: HttpRequest | None = None

    class Meta:
        model = Team
        fields = ["tournament", "club", "name"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            rows = TeamMember.objects.filter(team=self.instance).select_related("entry")
            self.initial["members"] = [m.entry.player_id for m in rows if not m.is_substitute]
            self.initial["substitute"] = next(
                (m.entry.player_id for m in rows if m.is_substitute), None
            )
            # A team stays in its tournament and club: withdraw it and enter another.
            self.fields["tournament"].disabled = True
            self.fields["club"].disabled = True

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        by = self.request.user if self.request is not None else None
        try:
            if self.instance.pk is None:
                self.instance = team_enter(
                    by=by,
                    tournament=data["tournament"],
                    club=data["club"],
                    name=data["name"],
                    members=list(data["members"]),
                    substitute=data.get("substitute"),
                )
            else:
                self.instance = team_change(
                    by=by,
                    team=self.instance,
                    name=data["name"],
                    members=list(data["members"]),
                    substitute=data.get("substitute"),
                )
        except PermissionDenied as exc:
            raise ValidationError(str(exc)) from exc
        except ValidationError as exc:
            known = set(self.fields)
            if hasattr(exc, "error_dict"):
                for field, errors in exc.error_dict.items():
                    self.add_error(field if field in known else None, errors)
            else:
                raise
        return data


class TeamMemberInline(admin.TabularInline[TeamMember, Team]):
    """The team's members as entered (changed through the form's players and substitute)."""

    model = TeamMember
    fields = ["entry", "is_substitute"]
    readonly_fields = ["entry", "is_substitute"]
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin[Team]):
    form = TeamAdminForm
    list_display = ["name", "club", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["name", "club__name"]
    inlines = [TeamMemberInline]

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        form = super().get_form(request, obj, change, **kwargs)
        return type(form.__name__, (form,), {"request": request})

    def save_model(self, request: HttpRequest, obj: Team, form: Any, change: bool) -> None:
        """Written already by the services when the form was cleaned."""

    def log_addition(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        """The service logged the entry with what it wrote."""

    def log_change(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        """The service logged the change with what it wrote."""

    def log_deletions(self, request: HttpRequest, queryset: Any) -> Any:
        """The service logs each withdrawal."""

    def delete_model(self, request: HttpRequest, obj: Team) -> None:
        team_withdraw(by=request.user, team=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Team]) -> None:
        for team in queryset:
            team_withdraw(by=request.user, team=team)

    def has_change_permission(self, request: HttpRequest, obj: Team | None = None) -> bool:
        # A finished tournament's teams are frozen (the lifecycle's rule, as the services).
        frozen = obj is not None and finished_refusal(obj.tournament) is not None
        return not frozen and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Team | None = None) -> bool:
        frozen = obj is not None and finished_refusal(obj.tournament) is not None
        return not frozen and super().has_delete_permission(request, obj)
