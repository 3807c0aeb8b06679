from django.urls import path

from games.views import pages

app_name = "games"

urlpatterns = [
    path("games/tables/<int:table_id>/", pages.table_page, name="table"),
    path("games/tables/<int:table_id>/scoresheet/", pages.scoresheet, name="scoresheet"),
    path("games/tables/<int:table_id>/paper/", pages.paper_entry, name="paper"),
    path("games/tables/<int:table_id>/audit/", pages.audit_trail, name="audit"),
    path("games/rounds/<int:round_id>/", pages.round_dashboard, name="dashboard"),
]
