from django.urls import path

from games.views import offline, pages, referee, review

app_name = "games"

urlpatterns = [
    path("games/tables/<int:table_id>/", pages.table_page, name="table"),
    path("games/tables/sw.js", offline.service_worker, name="service-worker"),
    path("games/tables/<int:table_id>/manifest.webmanifest", offline.manifest, name="manifest"),
    path("games/tables/<int:table_id>/scoresheet/", pages.scoresheet, name="scoresheet"),
    path("games/tables/<int:table_id>/paper/", pages.paper_entry, name="paper"),
    path("games/tables/<int:table_id>/audit/", pages.audit_trail, name="audit"),
    # A round's pages live under the tournament's rounds (tournaments.urls); the former
    # address by id redirects there.
    path(
        "tournaments/<slug:slug>/rounds/<int:number>/dashboard/",
        pages.round_dashboard,
        name="dashboard",
    ),
    path(
        "tournaments/<slug:slug>/rounds/<int:number>/scoresheets/",
        pages.round_scoresheets,
        name="round-scoresheets",
    ),
    path("games/rounds/<int:round_id>/", pages.round_dashboard_by_id, name="dashboard-by-id"),
    path("games/tables/<int:table_id>/ruling/", referee.ruling_make, name="ruling"),
    path("games/tables/<int:table_id>/correction/", referee.deal_correct, name="correction"),
    path("games/tables/<int:table_id>/waiver/", referee.misdeal_waive, name="waiver"),
    path("games/tables/<int:table_id>/appeal/", referee.appeal_file, name="appeal"),
    path("games/tables/<int:table_id>/call/", referee.referee_call, name="referee-call"),
    path("games/appeals/", referee.appeals, name="appeals"),
    path("tournaments/<slug:slug>/appeals/", referee.tournament_appeals, name="tournament-appeals"),
    path(
        "tournaments/<slug:slug>/appeals/<int:appeal_id>/decide/",
        referee.appeal_decide,
        name="appeal-decide",
    ),
    path("games/deals/<int:deal_id>/review/", review.deal_review, name="deal-review"),
]
