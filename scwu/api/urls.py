from django.urls import include, path
from rest_framework.routers import DefaultRouter

from scwu.api import people, views

router = DefaultRouter()
router.register("countries", views.CountryViewSet, basename="country")
router.register("clubs", views.ClubViewSet, basename="club")
router.register("players", views.PlayerViewSet, basename="player")
router.register("words", views.WordViewSet, basename="word")

urlpatterns = [
    path("players/register/", views.PlayerCreateApi.as_view(), name="api-player-create"),
    path("words/propose/", views.WordProposeApi.as_view(), name="api-word-propose"),
    path("words/<int:pk>/reviews/", views.WordReviewApi.as_view(), name="api-word-review"),
    path("words/<int:pk>/retire/", views.WordRetireApi.as_view(), name="api-word-retire"),
    path("bans/", views.BanListApi.as_view(), name="api-bans"),
    path("claims/", people.ClaimApi.as_view(), name="api-claim"),
    path("me/seats/", people.MySeatsApi.as_view(), name="api-my-seats"),
    path("clubs/<slug:slug>/roster/", views.EliteRosterSetApi.as_view(), name="api-club-roster"),
    path("", include(router.urls)),
]
