from django.contrib import admin

from .models import PlayerRating, RatingChange


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin[PlayerRating]):
    list_display = ["player", "mu", "sigma", "games", "updated_at"]
    search_fields = ["player__nickname"]
    readonly_fields = ["player", "mu", "sigma", "games", "updated_at"]


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin[RatingChange]):
    list_display = ["player", "game", "rank", "mu_before", "mu", "sigma", "created_at"]
    search_fields = ["player__nickname"]
    readonly_fields = ["player", "game", "rank", "mu_before", "sigma_before", "mu", "sigma"]
