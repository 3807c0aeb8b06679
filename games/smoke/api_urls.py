from django.urls import path

from games.smoke import api

urlpatterns = [
    path("sessions/", api.SmokeSessionListCreateApi.as_view(), name="session-list"),
    path("sessions/<int:pk>/", api.SmokeSessionDetailApi.as_view(), name="session-detail"),
    path("sessions/<int:pk>/hands/", api.SmokeHandRecordApi.as_view(), name="hand-record"),
    path("sessions/<int:pk>/undo/", api.SmokeHandUndoApi.as_view(), name="hand-undo"),
    path("sessions/<int:pk>/readout/", api.SmokeReadoutApi.as_view(), name="readout"),
    path("jargon/", api.SmokeJargonCheckApi.as_view(), name="jargon"),
]
