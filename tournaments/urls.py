from __future__ import annotations

from django.urls import path
from django.views.generic import RedirectView

from tournaments.exports.kinds import EXPORT_KINDS
from tournaments.views import (
    calendar,
    league,
    manage,
    matchday,
    people,
    public,
    results,
    rounds,
    seasons,
    teams,
)

R = "tournaments/<slug:slug>/rounds/<int:number>/"
RESULTS = "tournaments/<slug:slug>/results/"

urlpatterns = [
    path("tournaments/", public.tournament_list, name="tournament-list"),
    path("tournaments/new/", manage.tournament_create, name="tournament-create"),
    path("tournaments/<slug:slug>/", public.tournament_detail, name="tournament-detail"),
    path("tournaments/<slug:slug>/edit/", manage.tournament_edit, name="tournament-edit"),
    path("tournaments/<slug:slug>/status/", manage.tournament_status, name="tournament-status"),
    path("tournaments/<slug:slug>/register/", manage.entry_self_register, name="entry-register"),
    path("tournaments/<slug:slug>/entries/", manage.tournament_entries, name="tournament-entries"),
    path("tournaments/<slug:slug>/entries/newcomer/", manage.entry_newcomer, name="entry-newcomer"),
    path(
        "tournaments/<slug:slug>/entries/<int:pk>/check-in/",
        manage.entry_check_in,
        name="entry-check-in",
    ),
    path(
        "tournaments/<slug:slug>/entries/<int:pk>/withdraw/",
        manage.entry_withdraw,
        name="entry-withdraw",
    ),
    path(
        "tournaments/<slug:slug>/entries/<int:pk>/substitute/",
        manage.entry_substitute,
        name="entry-substitute",
    ),
    # Teams: the list, a team's page, and entering, changing and withdrawing a team.
    path("tournaments/<slug:slug>/teams/", teams.team_list, name="team-list"),
    path("tournaments/<slug:slug>/teams/new/", teams.team_enter, name="team-enter"),
    path("tournaments/<slug:slug>/teams/<int:pk>/", teams.team_detail, name="team-detail"),
    path("tournaments/<slug:slug>/teams/<int:pk>/edit/", teams.team_change, name="team-change"),
    path(
        "tournaments/<slug:slug>/teams/<int:pk>/withdraw/",
        teams.team_withdraw,
        name="team-withdraw",
    ),
    path("tournaments/<slug:slug>/rounds/", rounds.round_list, name="round-list"),
    path("tournaments/<slug:slug>/playoff/", rounds.playoff_create, name="playoff-create"),
    path(R, public.round_draw, name="round-draw"),
    path(R + "cards/", public.seat_cards, name="round-cards"),
    path(R + "projector/", public.projector, name="round-projector"),
    path(R + "manage/", rounds.round_manage, name="round-manage"),
    path(R + "draw/", rounds.round_draw_start, name="round-draw-start"),
    path(R + "draw/status/", rounds.round_draw_status, name="round-draw-status"),
    path(R + "draw/manual/", rounds.round_draw_manual, name="round-draw-manual"),
    path(R + "swap/", rounds.seat_swap, name="round-swap"),
    path(R + "format/", rounds.round_format, name="round-format"),
    path(R + "table-kind/", rounds.table_kind, name="round-table-kind"),
    path(R + "publish/", rounds.round_publish, name="round-publish"),
    path(R + "finish/", rounds.round_finish, name="round-finish"),
    path(R + "reopen/", rounds.round_reopen, name="round-reopen"),
    path(R + "delete/", rounds.round_delete, name="round-delete"),
    path(R + "draw/reset/", rounds.round_draw_reset, name="round-draw-reset"),
    # Results of a tournament: live, final, projector, chart, exports; release control.
    path(RESULTS, results.results_live, name="results-live"),
    path(RESULTS + "poll/", results.results_live_poll, name="results-poll"),
    path(RESULTS + "final/", results.results_final, name="results-final"),
    path(RESULTS + "projector/", results.results_projector, name="results-projector"),
    path(RESULTS + "chart/", results.results_chart, name="results-chart"),
    *[
        path(RESULTS + kind.name, results.results_export, {"kind": kind.name}, name=kind.url_name)
        for kind in EXPORT_KINDS
    ],
    # A round's exports at the round's own address; the former one under the results
    # redirects there for good.
    *[
        path(R + kind.name, results.results_export, {"kind": kind.name}, name=kind.round_url_name)
        for kind in EXPORT_KINDS
        if kind.per_round
    ],
    *[
        path(
            RESULTS + "rounds/<int:number>/" + kind.name,
            RedirectView.as_view(pattern_name=kind.round_url_name, permanent=True),
            name=f"{kind.round_url_name}-former",
        )
        for kind in EXPORT_KINDS
        if kind.per_round
    ],
    path(R + "results/release/", results.results_round_release, name="round-results-release"),
    path(R + "results/hold/", results.results_round_hold, name="round-results-hold"),
    # A league: its table (and its files) and the director's night.
    path("tournaments/<slug:slug>/league/", league.league_table_page, name="league-table"),
    path("tournaments/<slug:slug>/league.csv", league.league_table_csv, name="league-table-csv"),
    path("tournaments/<slug:slug>/league.xlsx", league.league_table_xlsx, name="league-table-xlsx"),
    path("tournaments/<slug:slug>/league/night/", league.league_night, name="league-night"),
    # Seasons and series: the director's list, new and edit.
    path("calendar/", calendar.calendar_manage, name="calendar-manage"),
    path("seasons/new/", calendar.season_create, name="season-create"),
    path("seasons/<int:year>/edit/", calendar.season_edit, name="season-edit"),
    path("series/new/", calendar.series_create, name="series-create"),
    path("series/<slug:slug>/edit/", calendar.series_edit, name="series-edit"),
    # Seasons: rankings, the archive, records.
    path("rankings/", seasons.ranking_current, name="ranking-current"),
    path("seasons/", seasons.season_archive, name="season-archive"),
    path("seasons/<int:year>/ranking/", seasons.season_ranking, name="season-ranking"),
    path(
        "seasons/<int:year>/ranking/clubs/",
        seasons.season_ranking,
        {"kind": "clubs"},
        name="season-ranking-clubs",
    ),
    path(
        "seasons/<int:year>/ranking/<str:kind>.csv",
        seasons.season_ranking_csv,
        name="season-ranking-csv",
    ),
    path(
        "seasons/<int:year>/ranking/<str:kind>.xlsx",
        seasons.season_ranking_xlsx,
        name="season-ranking-xlsx",
    ),
    path("records/", seasons.records_page, name="records"),
    # Match day: the short address printed with each table's QR code, and a judge's tables.
    path("t/<int:table_id>/", matchday.table_short, name="table-short"),
    path("my/tables/", matchday.my_tables, name="my-tables"),
    path("my/seats/", people.where_i_sit, name="where-i-sit"),
    path(
        "tournaments/<slug:slug>/invitations/",
        people.tournament_invitations,
        name="tournament-invitations",
    ),
]
