from django.urls import path

from games.online import views

app_name = "online"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("practice/", views.practice_create, name="practice"),
    path("<int:game_id>/", views.table, name="table"),
    path("<int:game_id>/join/", views.join, name="join"),
    path("<int:game_id>/decide/", views.decide, name="decide"),
    path("<int:game_id>/again/", views.practice_again, name="again"),
    path("<int:game_id>/leave/", views.practice_leave, name="leave"),
    path("<int:game_id>/deals/<int:number>/review/", views.online_deal_review, name="deal-review"),
    path("tables/<int:table_id>/start/", views.table_start, name="table-start"),
]
