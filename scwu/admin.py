from django.contrib import admin

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
    list_display = ["nickname", "real_name", "gender", "user"]
    search_fields = ["nickname", "nickname_key", "real_name"]
    inlines = [MembershipInline]
    raw_id_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin[Club]):
    list_display = ["name", "country", "captain", "founded"]
    list_filter = ["country"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}
    raw_id_fields = ["captain"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin[Membership]):
    list_display = ["player", "club", "start", "end"]
    list_filter = ["club"]
    raw_id_fields = ["player"]


@admin.register(EliteRoster)
class EliteRosterAdmin(admin.ModelAdmin[EliteRoster]):
    list_display = ["club", "season"]
    filter_horizontal = ["players"]


@admin.register(CommissionMember)
class CommissionMemberAdmin(admin.ModelAdmin[CommissionMember]):
    list_display = ["user", "since", "active"]


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
