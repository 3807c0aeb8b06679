from django.urls import path

from games.smoke import views

urlpatterns = [
    path("", views.session_list, name="smoke-session-list"),
    path("new/", views.session_create, name="smoke-session-create"),
    path("jargon/", views.jargon_check, name="smoke-jargon"),
    path("<int:pk>/", views.session_detail, name="smoke-session-detail"),
    path("<int:pk>/hands/", views.hand_record, name="smoke-hand-record"),
    path("<int:pk>/undo/", views.hand_undo, name="smoke-hand-undo"),
    path("<int:pk>/history/", views.session_history, name="smoke-session-history"),
]
