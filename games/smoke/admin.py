from __future__ import annotations

from django.contrib import admin

from games.smoke.models import (
    SmokeHand,
    SmokeHandSeat,
    SmokeInfraction,
    SmokeParticipant,
    SmokeSession,
)


class ParticipantInline(admin.TabularInline[SmokeParticipant, SmokeSession]):
    model = SmokeParticipant
    extra = 0


@admin.register(SmokeSession)
class SmokeSessionAdmin(admin.ModelAdmin[SmokeSession]):
    list_display = ["name", "date", "club", "created_by", "status", "winner"]
    list_filter = ["status", "date"]
    search_fields = ["name", "participants__name"]
    readonly_fields = ["status", "winner"]
    inlines = [ParticipantInline]


class SeatInline(admin.TabularInline[SmokeHandSeat, SmokeHand]):
    model = SmokeHandSeat
    extra = 0


class InfractionInline(admin.TabularInline[SmokeInfraction, SmokeHand]):
    model = SmokeInfraction
    extra = 0


@admin.register(SmokeHand)
class SmokeHandAdmin(admin.ModelAdmin[SmokeHand]):
    """Read-only: hands are written through the engine (the site's pages or the API)."""

    list_display = ["session", "number", "dealer", "first_trick", "recorded_by", "recorded_at"]
    list_filter = ["session"]
    inlines = [SeatInline, InfractionInline]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False
