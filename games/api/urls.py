from django.urls import path

from games.api import views

urlpatterns = [
    path(
        "games/deals/<int:deal_id>/analysis/",
        views.DealAnalysisApi.as_view(),
        name="deal-analysis",
    ),
    path(
        "games/online/<int:game_id>/deals/<int:number>/analysis/",
        views.OnlineDealAnalysisApi.as_view(),
        name="online-deal-analysis",
    ),
    path("games/tables/<int:table_id>/", views.TableStateApi.as_view(), name="table-state"),
    path("games/tables/<int:table_id>/deals/", views.DealRecordApi.as_view(), name="deal-record"),
    path("games/tables/<int:table_id>/undo/", views.DealUndoApi.as_view(), name="deal-undo"),
    path(
        "games/tables/<int:table_id>/misdeals/",
        views.MisdealRecordApi.as_view(),
        name="misdeal-record",
    ),
    path(
        "games/tables/<int:table_id>/misdeals/undo/",
        views.MisdealUndoApi.as_view(),
        name="misdeal-undo",
    ),
    path(
        "games/tables/<int:table_id>/referee-call/",
        views.RefereeCallApi.as_view(),
        name="referee-call",
    ),
    path(
        "games/tables/<int:table_id>/referee-call/acknowledge/",
        views.RefereeAcknowledgeApi.as_view(),
        name="referee-acknowledge",
    ),
    path("games/tables/<int:table_id>/paper/", views.PaperEnterApi.as_view(), name="paper-enter"),
    path("games/tables/<int:table_id>/rulings/", views.RulingMakeApi.as_view(), name="ruling-make"),
    path("games/tables/<int:table_id>/audit/", views.AuditListApi.as_view(), name="audit-list"),
    path(
        "games/deals/<int:deal_id>/corrections/",
        views.DealCorrectApi.as_view(),
        name="deal-correct",
    ),
    path(
        "games/misdeals/<int:misdeal_id>/waive/",
        views.MisdealWaiveApi.as_view(),
        name="misdeal-waive",
    ),
    path(
        "games/rulings/<int:ruling_id>/appeals/", views.AppealFileApi.as_view(), name="appeal-file"
    ),
    path(
        "games/appeals/<int:appeal_id>/decision/",
        views.AppealDecideApi.as_view(),
        name="appeal-decide",
    ),
    path(
        "games/rounds/<int:round_id>/dashboard/",
        views.RoundDashboardApi.as_view(),
        name="round-dashboard",
    ),
]
