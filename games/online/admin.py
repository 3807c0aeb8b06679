from django.contrib import admin

from games.online.models import OnlineChat, OnlineGame, OnlineSeat


class OnlineSeatInline(admin.TabularInline[OnlineSeat, OnlineGame]):
    model = OnlineSeat
    extra = 0


@admin.register(OnlineGame)
class OnlineGameAdmin(admin.ModelAdmin[OnlineGame]):
    list_display = ["pk", "word_label", "table", "status", "version", "created_at"]
    list_filter = ["status"]
    readonly_fields = ["seed", "actions", "version"]
    inlines = [OnlineSeatInline]


@admin.register(OnlineChat)
class OnlineChatAdmin(admin.ModelAdmin[OnlineChat]):
    list_display = ["game", "seat", "user", "text", "hidden", "created_at"]
    list_filter = ["hidden"]
