from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Prefetch, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from scwu.models import (
    Ban,
    Club,
    CommissionMember,
    Country,
    EliteRoster,
    Membership,
    Player,
    PlayingWord,
    WordReview,
)
from scwu.models.people import (
    ClaimInvitation,
    CommissionInvitation,
    PersonSettings,
    PlayerClaim,
)
from scwu.services import clubs as club_services


@admin.register(Country)
class CountryAdmin(admin.ModelAdmin[Country]):
    list_display = ["iso3", "iso2", "name_en", "name_cs", "name_ru"]
    search_fields = ["iso2", "iso3", "name_en", "name_cs", "name_ru"]


class MembershipInline(admin.TabularInline[Membership, Player]):
    model = Membership
    extra = 0
    autocomplete_fields = ["club"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ["nickname", "real_name", "club", "country", "gender", "user"]
    list_filter = ["memberships__club__country", "memberships__club", "gender"]
    search_fields = [
        "nickname",
        "nickname_key",
        "real_name",
        "memberships__club__name",
        "memberships__club__country__iso3",
    ]
    inlines = [MembershipInline]
    raw_id_fields = ["user"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        current = Membership.objects.filter(end__isnull=True).select_related(
            "club", "club__country"
        )
        return (
            super()
            .get_queryset(request)
            .select_related("user")
            .prefetch_related(Prefetch("memberships", queryset=current, to_attr="current"))
        )

    @admin.display(description=_("club"))
    def club(self, player: Player) -> str:
        return ", ".join(m.club.name for m in getattr(player, "current", []))

    @admin.display(description=_("country"))
    def country(self, player: Player) -> str:
        return ", ".join(sorted({m.club.country.iso3 for m in getattr(player, "current", [])}))


class ClubAdminForm(forms.ModelForm[Club]):
    """The captain is checked by the club services, on the captain field."""

    class Meta:
        model = Club
        fields = ["name", "country", "captain", "founded", "logo"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        try:
            club_services.club_captain_check(club=self.instance, captain=data.get("captain"))
        except ValidationError as exc:
            self.add_error(None, exc)
        return data


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin[Club]):
    """New clubs and captains go through the club services (slug, duplicate name, captain a
    current member); other fields are saved as edited."""

    form = ClubAdminForm
    list_display = ["name", "country", "captain", "founded"]
    list_filter = ["country"]
    search_fields = ["name"]
    readonly_fields = ["slug"]
    raw_id_fields = ["captain"]

    def save_model(self, request: HttpRequest, obj: Club, form: Any, change: bool) -> None:
        captain = form.cleaned_data.get("captain")
        if not change:
            created = club_services.club_create(
                by=request.user,
                name=obj.name,
                country=obj.country,
                founded=obj.founded,
            )
            obj.pk, obj.slug, obj.name = created.pk, created.slug, created.name
            obj.captain = None
            obj.save()  # the logo, if one was uploaded
        else:
            obj.captain = Club.objects.get(pk=obj.pk).captain
            obj.save()
        if captain != obj.captain:
            club_services.club_set_captain(by=request.user, club=obj, captain=captain)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin[Membership]):
    list_display = ["player", "club", "start", "end"]
    list_filter = ["club"]
    raw_id_fields = ["player"]


class EliteRosterAdminForm(forms.ModelForm[EliteRoster]):
    """At most six players, members of the club that season: the club services decide."""

    class Meta:
        model = EliteRoster
        fields = ["club", "season", "players"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.instance.pk is not None:
            # A closed season's roster is not moved to another season either.
            try:
                club_services.elite_roster_assert_open(self.instance.season)
            except ValidationError as exc:
                self.add_error(None, exc)
                return data
        if data.get("club") is not None and data.get("season") is not None:
            try:
                club_services.elite_roster_check(
                    club=data["club"], season=data["season"], players=data.get("players") or []
                )
            except ValidationError as exc:
                self.add_error(None, exc)
        return data


@admin.register(EliteRoster)
class EliteRosterAdmin(admin.ModelAdmin[EliteRoster]):
    form = EliteRosterAdminForm
    list_display = ["club", "season"]
    filter_horizontal = ["players"]

    def has_delete_permission(self, request: HttpRequest, obj: EliteRoster | None = None) -> bool:
        # A closed season's roster stays (bulk deletes ask this for every row too).
        if obj is not None and club_services.is_season_closed(obj.season):
            return False
        return super().has_delete_permission(request, obj)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # The roster's players are set by the club service, never by the form's save_m2m.
        club_services.elite_roster_set(
            by=request.user,
            club=form.instance.club,
            season=form.instance.season,
            players=form.cleaned_data.get("players") or [],
        )
        for formset in formsets:
            self.save_formset(request, form, formset, change=change)


@admin.register(CommissionMember)
class CommissionMemberAdmin(admin.ModelAdmin[CommissionMember]):
    list_display = ["user", "since", "active", "chair"]


class WordReviewInline(admin.TabularInline[WordReview, PlayingWord]):
    model = WordReview
    extra = 0


@admin.register(PlayingWord)
class PlayingWordAdmin(admin.ModelAdmin[PlayingWord]):
    list_display = ["label", "letters", "language", "theme", "status", "proposed_by"]
    list_filter = ["status", "language", "theme"]
    search_fields = ["label", "letters", "theme"]
    inlines = [WordReviewInline]


@admin.register(Ban)
class BanAdmin(admin.ModelAdmin[Ban]):
    list_display = ["player", "source", "imposed_on", "lifted_on"]
    list_filter = ["source"]
    raw_id_fields = ["player", "imposed_by"]


class RecordAdmin(admin.ModelAdmin[Any]):
    """Rows the site's pages write through their services (a claim's decision, an
    invitation's one-time link): the admin lists them and changes nothing."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(PlayerClaim)
class PlayerClaimAdmin(RecordAdmin):
    list_display = ["user", "player", "nickname", "status", "created_at", "decided_by"]
    list_filter = ["status"]
    search_fields = ["user__username", "player__nickname", "nickname"]


@admin.register(CommissionInvitation)
class CommissionInvitationAdmin(RecordAdmin):
    list_display = ["email", "invited_by", "created_at", "expires_at", "accepted_by"]
    exclude = ["digest"]


@admin.register(ClaimInvitation)
class ClaimInvitationAdmin(RecordAdmin):
    list_display = ["email", "player", "invited_by", "expires_at", "accepted_by"]
    exclude = ["digest"]


@admin.register(PersonSettings)
class PersonSettingsAdmin(admin.ModelAdmin[PersonSettings]):
    list_display = ["user", "language", "muted"]
    raw_id_fields = ["user"]
