from __future__ import annotations

from django.urls import path

from . import api

urlpatterns = [
    path("ratings/", api.RatingListApi.as_view(), name="rating-list"),
    path("ratings/<int:player_id>/", api.PlayerRatingApi.as_view(), name="rating-detail"),
]
