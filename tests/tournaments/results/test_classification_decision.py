"""One classification decision: a tournament finished without a final is classified by its
basic rounds on every page and export, as its placings and the season ranking count it; a
league's places (and so its season points) follow its league table."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from decimal import Decimal
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse

from tests.rankings.factories import category_create
from tests.tournaments.results.conftest import Event, make_event
from tournaments.league.selectors import league_table
from tournaments.models import (
    Placing,
    RankingKind,
    RoundStatus,
    SeasonRankingRow,
    TournamentFormat,
    TournamentStatus,
)
from tournaments.rankings.adapters import decimal_from_fraction
from tournaments.rankings.services import season_rankings_compute
from tournaments.results.selectors import ClassifiedBy, tournament_results
from tournaments.results.services import results_recompute
from tournaments.services.tournaments import tournament_status_set
from tournaments.standings import PointsTable, points_award

pytestmark = pytest.mark.django_db

POINTS = [10, 6, 3, 1, 1, 1, 1, 1]


def _finish(e: Event) -> None:
    e.tournament.rounds.update(status=RoundStatus.FINISHED)
    tournament_status_set(by=e.director, tournament=e.tournament, status=TournamentStatus.FINISHED)
    e.tournament.refresh_from_db()
    results_recompute(e.tournament.pk)
    season_rankings_compute(e.tournament.season_id)


def _season_rows(e: Event) -> dict[int, tuple[int, Decimal]]:
    rows = SeasonRankingRow.objects.filter(season=e.tournament.season, kind=RankingKind.PLAYERS)
    return {row.player_id or 0: (row.place, row.points) for row in rows}


def test_a_tournament_finished_without_a_final_is_classified_by_its_basic_rounds_everywhere() -> (
    None
):
    e = make_event("abcd", category=category_create("open", POINTS))
    first = e.round("abcd")
    e.play(first, 1, "ddcb")  # d 2 letters, c 1, b 1, a 0
    _finish(e)
    slug = e.tournament.slug
    client = Client()

    results = tournament_results(e.tournament)
    assert results.classified_by is ClassifiedBy.BASIC_ROUNDS
    assert results.classification is not None and not results.is_provisional
    classified = {row.player_id: row for row in results.classification.rows}
    assert classified[e.pid("a")].place == 1 and classified[e.pid("a")].points == 10

    final = client.get(reverse("results-final", args=[slug])).content.decode()
    assert 'id="results-provisional"' not in final
    assert 'data-classified-by="basic_rounds"' in final
    live = client.get(reverse("results-live", args=[slug])).content.decode()
    assert 'id="classification-table"' in live and 'data-classified-by="basic_rounds"' in live
    detail = client.get(reverse("tournament-detail", args=[slug])).content.decode()
    assert 'data-classified-by="basic_rounds"' in detail

    rows = csv.DictReader(
        io.StringIO(
            client.get(f"/tournaments/{slug}/results/standings.csv").content.decode("utf-8-sig")
        )
    )
    by_player = {int(row["player_id"]): row for row in rows}
    document = json.loads(client.get(f"/tournaments/{slug}/results/standings.json").content)
    assert document["classification"] is not None
    json_rows = {row["player_id"]: row for row in document["classification"]["rows"]}
    placings = {p.player_id: p for p in Placing.objects.filter(tournament=e.tournament)}
    season = _season_rows(e)
    for player_id, row in classified.items():
        assert by_player[player_id]["final_place"] == str(row.place)
        assert by_player[player_id]["placed_by"] == "basic_rounds"
        assert json_rows[player_id]["place"] == row.place
        assert (placings[player_id].place, placings[player_id].points) == (
            row.place,
            decimal_from_fraction(row.points or Fraction(0)),
        )
        assert season[player_id] == (row.place, decimal_from_fraction(row.points or Fraction(0)))
    profile = client.get(reverse("player-detail", args=[e.p["a"].player.pk])).content.decode()
    assert "provisional" not in profile.split(e.tournament.name)[1].split("</tr>")[0]


def test_a_running_tournament_without_a_final_stays_provisional_until_finished() -> None:
    e = make_event("abcd")
    e.play(e.round("abcd"), 1, "ddcb")
    results = tournament_results(e.tournament)
    assert results.classification is None and results.classified_by is None
    final = Client().get(reverse("results-final", args=[e.tournament.slug])).content.decode()
    assert 'id="results-provisional"' in final


def test_a_league_s_season_places_and_points_follow_its_league_table() -> None:
    """One night, word KOS: a, b, c, d at one table, e, f, g, h at another. The placement
    points rank h alone first (fewest letters at the table: 4 points), b, c and d next (3
    each); by success rate b, c and d (no deal lost) stand above h (one of eight lost)."""
    e = make_event(
        "abcdefgh", format=TournamentFormat.LEAGUE, category=category_create("open", POINTS)
    )
    night = e.round("abcd", "efgh", word="KOS", night=dt.date(2025, 9, 2))
    e.play(night, 1, "aaa")  # a completes KOS: b, c, d no letter
    e.play(night, 2, "hffggeee")  # e completes KOS: h 1, f 2, g 2
    _finish(e)

    table = league_table(e.tournament)
    league_places = {row.line.player_id: row.line.place for row in table.rows}
    assert league_places[e.pid("h")] == 1
    standings = tournament_results(e.tournament).standings
    standing_places = {row.player_id: row.place for row in standings.rows}
    assert standing_places != league_places  # the two orders differ: the test can tell

    placings = {p.player_id: p for p in Placing.objects.filter(tournament=e.tournament)}
    season = _season_rows(e)
    awarded = points_award(league_places, PointsTable("open", dict(enumerate(POINTS, 1))))
    for player_id, place in league_places.items():
        assert placings[player_id].place == place
        assert season[player_id][1] == decimal_from_fraction(awarded[player_id])
    assert season[e.pid("h")] == (1, Decimal(10))
    assert season[e.pid("b")][1] == Decimal("3.33")  # 2nd to 4th shared: (6 + 3 + 1) / 3
    results = tournament_results(e.tournament)
    assert results.classified_by is ClassifiedBy.LEAGUE_TABLE
