from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import Appeal, AuditEntry, DealEntry, Ruling, TableGame


class ReadOnlyAdmin(admin.ModelAdmin[Any]):
    """Scorekeeping rows are written by the services only (with their audit trail)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(TableGame)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["table", "word_label", "status", "started_at", "finished_at"]
    list_filter = ["status"]


@admin.register(DealEntry)
class DealAdmin(ReadOnlyAdmin):
    list_display = ["game", "number", "mode", "losers", "recorded_by", "recorded_at", "undone_at"]


@admin.register(Ruling)
class RulingAdmin(ReadOnlyAdmin):
    list_display = ["game", "deal", "kind", "offender", "penalty", "referee", "ruled_at"]


@admin.register(Appeal)
class AppealAdmin(ReadOnlyAdmin):
    list_display = ["ruling", "filed_by", "status", "decided_by", "decided_at"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["game", "at", "by", "action", "summary"]
    list_filter = ["action"]
