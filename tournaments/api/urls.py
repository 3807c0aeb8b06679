from __future__ import annotations

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.api import league, rankings, results, teams, views

router = DefaultRouter()
router.register("seasons", views.SeasonViewSet, basename="season")
router.register("series", views.SeriesViewSet, basename="series")
router.register("categories", views.CategoryViewSet, basename="category")
router.register("tournaments", views.TournamentViewSet, basename="tournament")
router.register("entries", views.EntryViewSet, basename="entry")
router.register("rounds", views.RoundViewSet, basename="round")

urlpatterns = [
    path("seasons/create/", views.SeasonCreateApi.as_view(), name="season-create"),
    path("seasons/<int:year>/update/", views.SeasonUpdateApi.as_view(), name="season-update"),
    path("series/create/", views.SeriesCreateApi.as_view(), name="series-create"),
    path("series/<slug:slug>/update/", views.SeriesUpdateApi.as_view(), name="series-update"),
    path("tournaments/create/", views.TournamentCreateApi.as_view(), name="tournament-create"),
    path(
        "tournaments/<slug:slug>/update/",
        views.TournamentUpdateApi.as_view(),
        name="tournament-update",
    ),
    path(
        "tournaments/<slug:slug>/status/",
        views.TournamentStatusApi.as_view(),
        name="tournament-status",
    ),
    path(
        "tournaments/<slug:slug>/entries/", views.EntryRegisterApi.as_view(), name="entry-register"
    ),
    path(
        "tournaments/<slug:slug>/entries/newcomer/",
        views.EntryNewcomerApi.as_view(),
        name="entry-newcomer",
    ),
    path("tournaments/<slug:slug>/rounds/", views.RoundCreateApi.as_view(), name="round-create"),
    path("entries/<int:pk>/check-in/", views.EntryCheckInApi.as_view(), name="entry-check-in"),
    path("entries/<int:pk>/withdraw/", views.EntryWithdrawApi.as_view(), name="entry-withdraw"),
    path(
        "entries/<int:pk>/substitute/", views.EntrySubstituteApi.as_view(), name="entry-substitute"
    ),
    path("tournaments/<slug:slug>/playoff/", views.PlayoffCreateApi.as_view(), name="playoff"),
    path("rounds/<int:pk>/update/", views.RoundUpdateApi.as_view(), name="round-update"),
    path("rounds/<int:pk>/word/", views.RoundWordApi.as_view(), name="round-word"),
    path("rounds/<int:pk>/draw/", views.RoundDrawApi.as_view(), name="round-draw"),
    path("rounds/<int:pk>/draw/manual/", views.RoundManualDrawApi.as_view(), name="round-manual"),
    path("rounds/<int:pk>/swap/", views.SeatSwapApi.as_view(), name="round-swap"),
    path("rounds/<int:pk>/publish/", views.RoundPublishApi.as_view(), name="round-publish"),
    path("rounds/<int:pk>/finish/", views.RoundFinishApi.as_view(), name="round-finish"),
    path("rounds/<int:pk>/reopen/", views.RoundReopenApi.as_view(), name="round-reopen"),
    path("rounds/<int:pk>/delete/", views.RoundDeleteApi.as_view(), name="round-delete"),
    path("rounds/<int:pk>/draw/reset/", views.RoundDrawResetApi.as_view(), name="round-draw-reset"),
    path("rounds/<int:pk>/actions/", views.RoundActionsApi.as_view(), name="round-actions"),
    path(
        "tournaments/<slug:slug>/actions/",
        views.TournamentActionsApi.as_view(),
        name="tournament-actions",
    ),
    # Results: standings, classification, per-round standings, exports.
    path(
        "tournaments/<slug:slug>/standings/",
        results.TournamentStandingsApi.as_view(),
        name="tournament-standings",
    ),
    path(
        "tournaments/<slug:slug>/classification/",
        results.TournamentClassificationApi.as_view(),
        name="tournament-classification",
    ),
    path(
        "tournaments/<slug:slug>/rounds/<int:number>/standings/",
        results.RoundStandingsApi.as_view(),
        name="round-standings",
    ),
    path(
        "tournaments/<slug:slug>/exports/<str:kind>",
        results.ResultsExportApi.as_view(),
        name="results-export",
    ),
    path("tournaments/<slug:slug>/league/", league.LeagueTableApi.as_view(), name="league-table"),
    # Teams: a tournament's teams, a team, and the team classification.
    path(
        "tournaments/<slug:slug>/teams/",
        teams.TournamentTeamsApi.as_view(),
        name="tournament-teams",
    ),
    path(
        "tournaments/<slug:slug>/teams/classification/",
        teams.TeamClassificationApi.as_view(),
        name="team-classification",
    ),
    path("teams/<int:pk>/", teams.TeamDetailApi.as_view(), name="team-detail"),
    path("teams/<int:pk>/update/", teams.TeamChangeApi.as_view(), name="team-update"),
    path("teams/<int:pk>/withdraw/", teams.TeamWithdrawApi.as_view(), name="team-withdraw"),
    # Rankings: season rankings, qualification lists, records, a player's history.
    path(
        "seasons/<int:year>/ranking/<str:kind>/",
        rankings.SeasonRankingApi.as_view(),
        name="season-ranking",
    ),
    path(
        "seasons/<int:year>/qualification/",
        rankings.SeasonQualificationApi.as_view(),
        name="season-qualification",
    ),
    path("records/", rankings.RecordsApi.as_view(), name="records"),
    path("players/<int:pk>/history/", rankings.PlayerHistoryApi.as_view(), name="player-history"),
    path("", include(router.urls)),
]
