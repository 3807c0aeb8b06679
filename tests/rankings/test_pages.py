"""Season ranking, archive, records and profile pages render in English; CSV export parses."""

from __future__ import annotations

import csv
import io

from django.test import Client

from tests.factories import PlayerFactory
from tests.rankings.conftest import SeasonSetup
from tests.rankings.factories import game_create, round_create
from tournaments.rankings.services import season_rankings_compute


def _page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_season_ranking_page_shows_the_player_of_the_year_and_the_lists(
    client: Client, season_2026: SeasonSetup
) -> None:
    season_rankings_compute(season_2026.season.pk)

    html = _page(client, "/seasons/2026/ranking/")

    assert "Season ranking 2026" in html
    assert "Player of the Year" in html
    assert "Masters (top ten)" in html
    assert "World Series (top thirty)" in html
    assert html.index("Cyril") < html.index("Ada") < html.index("Dana") < html.index("Bob")
    assert "270" in html


def test_season_ranking_page_of_clubs(client: Client, season_2026: SeasonSetup) -> None:
    season_rankings_compute(season_2026.season.pk)

    html = _page(client, "/seasons/2026/ranking/clubs/")

    assert html.index("SCC Karlin") < html.index("Royal SCC Vinohrady")
    assert "Player of the Year" not in html


def test_ranking_link_goes_to_the_latest_ranked_season(
    client: Client, season_2026: SeasonSetup
) -> None:
    season_rankings_compute(season_2026.season.pk)

    response = client.get("/rankings/")

    assert response.status_code == 302
    assert response["Location"] == "/seasons/2026/ranking/"


def test_unknown_season_or_ranking_is_not_found(client: Client, season_2026: SeasonSetup) -> None:
    assert client.get("/seasons/1999/ranking/").status_code == 404
    assert client.get("/seasons/2026/ranking/teams.csv").status_code == 404


def test_season_ranking_csv_parses_with_the_ranking(
    client: Client, season_2026: SeasonSetup
) -> None:
    season_rankings_compute(season_2026.season.pk)

    response = client.get("/seasons/2026/ranking/players.csv")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "scwu-ranking-2026-players.csv" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [(r["place"], r["player"], r["points"], r["wins"]) for r in rows] == [
        ("1", "Cyril", "270.00", "1"),
        ("2", "Ada", "250.00", "1"),
        ("3", "Dana", "150.00", "0"),
        ("4", "Bob", "150.00", "0"),
    ]


def test_club_ranking_csv_parses(client: Client, season_2026: SeasonSetup) -> None:
    season_rankings_compute(season_2026.season.pk)

    response = client.get("/seasons/2026/ranking/clubs.csv")

    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [(r["place"], r["club"], r["country"], r["points"]) for r in rows] == [
        ("1", "SCC Karlin", "CZE", "420.00"),
        ("2", "Royal SCC Vinohrady", "CZE", "400.00"),
    ]


def test_archive_lists_finished_tournaments_with_their_winners(
    client: Client, season_2026: SeasonSetup
) -> None:
    season_rankings_compute(season_2026.season.pk)

    html = _page(client, "/seasons/")

    assert "Archive" in html
    assert "Classic Brno" in html and "Major Praha" in html
    assert "Running Cup" not in html
    assert "Classic 2025" in html
    assert "Royal SCC Vinohrady / CZE" in html  # Ada won Classic Brno for her club
    assert f"/tournaments/{season_2026.classic.slug}/results/final/" in html


def test_records_page_lists_the_four_records(client: Client, season_2026: SeasonSetup) -> None:
    round_ = round_create(season_2026.classic, 1)
    game_create(round_, [(season_2026.players["Ada"], "WWWL", False)])

    html = _page(client, "/records/")

    for title in [
        "Most titles",
        "Best success rate",
        "Latest first letter in a round",
        "Fastest placka",
    ]:
        assert title in html
    assert "at least 50 deals" in html


def test_player_profile_shows_history_titles_and_the_chart(
    client: Client, season_2026: SeasonSetup
) -> None:
    ada = season_2026.players["Ada"]

    html = _page(client, f"/players/{ada.pk}/")

    assert "Tournament history" in html
    assert "Classic Brno" in html and "Major Praha" in html
    assert "Titles" in html
    # 20 deals with 5 lost at Classic Brno, 30 with 10 lost at Major Praha: 35/50 = 70 %.
    assert "70.0 %" in html
    assert "75.0 %" in html  # Classic Brno alone
    assert '<svg class="rate-chart"' in html
    assert "<polyline" in html


def test_player_without_results_has_no_career_section(
    client: Client, season_2026: SeasonSetup
) -> None:
    html = _page(client, f"/players/{PlayerFactory(nickname='Newbie').pk}/")

    assert "Tournament history" not in html
    assert '<svg class="rate-chart"' not in html


def test_club_page_shows_members_results_and_ranking_position(
    client: Client, season_2026: SeasonSetup
) -> None:
    season_rankings_compute(season_2026.season.pk)

    html = _page(client, "/clubs/karlin/")

    assert "Members&#x27; results" in html or "Members' results" in html
    assert "Season rankings" in html
    assert "Cyril" in html and "Major Praha" in html
    assert "420" in html
