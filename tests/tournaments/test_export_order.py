"""A page's files are in the page's order: the final results page's CSV and Excel workbook list
the final classification (its winner first), not the basic rounds' order; CSV opens in Excel
with its accents (a UTF-8 byte-order mark); the workbook holds numbers as numbers; the chart
says which standings it shows and ends in the final classification (on the demo's finished
tournament, whose basic rounds' leader did not win the final)."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.core.management import call_command
from django.test import Client
from openpyxl import load_workbook

from scwu.models import Player
from tournaments.exports.kinds import EXPORT_KINDS, page_exports
from tournaments.exports.standings import CLASSIFICATION_FILE_COLUMNS, STANDINGS_COLUMNS

pytestmark = pytest.mark.django_db

PAST = "podzimni-classic-2025"
LEAGUE = "uterni-liga-2026"
BOM = b"\xef\xbb\xbf"


def _csv_rows(body: bytes) -> list[dict[str, str]]:
    assert body.startswith(BOM)
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))


def _sheet(body: bytes) -> list[tuple[object, ...]]:
    book = load_workbook(io.BytesIO(body))
    return list(book.active.iter_rows(values_only=True))  # type: ignore[union-attr]


def _final_page_order(client: Client) -> list[int]:
    html = client.get(f"/tournaments/{PAST}/results/final/").content.decode()
    return [int(pid) for pid in re.findall(r'<li data-player="(\d+)"', html)]


def test_the_final_results_files_are_in_the_final_pages_order() -> None:
    call_command("seed_demo", verbosity=0)
    client = Client()
    order = _final_page_order(client)
    assert len(order) > 4
    page = client.get(f"/tournaments/{PAST}/results/final/").content.decode()
    for kind in page_exports("final"):
        assert f'data-export="{kind.name}"' in page
    assert 'data-export="standings.csv"' not in page  # the basic rounds' order: not here

    classification = _csv_rows(
        client.get(f"/tournaments/{PAST}/results/classification.csv").content
    )
    assert [int(row["player_id"]) for row in classification] == order
    assert classification[0]["place"] == "1" and classification[0]["placed_by"] == "final"
    # the basic rounds' leader is not the winner: that is why the order matters
    standings = _csv_rows(client.get(f"/tournaments/{PAST}/results/standings.csv").content)
    assert int(standings[0]["player_id"]) != order[0]
    assert standings[0]["final_place"] != "1"
    assert classification[0]["basic_place"] == next(
        row["place"] for row in standings if int(row["player_id"]) == order[0]
    )

    answer = client.get(f"/tournaments/{PAST}/results/classification.xlsx")
    assert answer["Content-Type"] == (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert answer["Content-Disposition"] == f'attachment; filename="{PAST}-classification.xlsx"'
    header, *rows = _sheet(answer.content)
    assert header == CLASSIFICATION_FILE_COLUMNS
    assert [row[2] for row in rows] == order
    columns = {name: i for i, name in enumerate(header)}
    for row in rows:
        for name in ("place", "player_id", "deals_played", "deals_lost", "placky"):
            assert row[columns[name]] is None or isinstance(row[columns[name]], int), name
        assert isinstance(row[columns["success_rate"]], float | int)
    winner = rows[0]
    assert winner[columns["place"]] == 1
    assert isinstance(winner[columns["ranking_points"]], float | int)
    assert winner[columns["success_rate"]] == float(classification[0]["success_rate"])

    # the API serves the same files
    api = client.get(f"/api/tournaments/{PAST}/exports/classification.xlsx")
    assert api.status_code == 200 and [row[2] for row in _sheet(api.content)[1:]] == order
    api_csv = client.get(f"/api/tournaments/{PAST}/exports/classification.csv").content
    assert [int(row["player_id"]) for row in _csv_rows(api_csv)] == order


def test_the_basic_rounds_files_are_in_the_basic_rounds_order_and_offered_under_them() -> None:
    call_command("seed_demo", verbosity=0)
    client = Client()
    live = client.get(f"/tournaments/{PAST}/results/").content.decode()
    basic = live[live.index('id="basic-rounds-heading"') :]
    basic_order = [int(pid) for pid in re.findall(r'<tr data-player="(\d+)"', basic)]
    assert 'data-export="standings.csv"' in basic and 'data-export="standings.xlsx"' in basic
    standings = _csv_rows(client.get(f"/tournaments/{PAST}/results/standings.csv").content)
    assert [int(row["player_id"]) for row in standings] == basic_order
    header, *rows = _sheet(client.get(f"/tournaments/{PAST}/results/standings.xlsx").content)
    assert header[: len(STANDINGS_COLUMNS)] == STANDINGS_COLUMNS
    assert [row[2] for row in rows] == basic_order
    # the live page's tabs lead with the classification, as the page does
    tabs = live[: live.index('id="results-live"')]
    assert 'data-export="classification.csv"' in tabs
    assert 'data-export="standings.csv"' not in tabs


def test_every_csv_starts_with_a_byte_order_mark_and_keeps_its_accents() -> None:
    call_command("seed_demo", verbosity=0)
    # a team member: every file of the tournament names them (the teams' file too)
    player = Player.objects.filter(
        placings__tournament__slug=PAST, entries__team_member__isnull=False
    ).first()
    assert player is not None
    player.nickname = "Kočičí Žižkov"
    player.save()
    client = Client()
    bodies = {
        kind.name: client.get(f"/tournaments/{PAST}/results/{kind.name}").content
        for kind in EXPORT_KINDS
        if kind.name.endswith(".csv")
    }
    for kind in EXPORT_KINDS:
        if kind.name.endswith(".csv"):
            assert "Kočičí Žižkov" in bodies[kind.name].decode("utf-8-sig"), kind.name
    bodies["league.csv"] = client.get(f"/tournaments/{LEAGUE}/league.csv").content
    bodies["players.csv"] = client.get("/seasons/2025/ranking/players.csv").content
    bodies["clubs.csv"] = client.get("/seasons/2025/ranking/clubs.csv").content
    for name, body in bodies.items():
        assert body.startswith(BOM), name


def test_the_league_and_the_season_ranking_have_a_workbook_beside_their_csv() -> None:
    call_command("seed_demo", verbosity=0)
    client = Client()
    page = client.get(f"/tournaments/{LEAGUE}/league/").content.decode()
    assert 'data-export="league.csv"' in page and 'data-export="league.xlsx"' in page
    # a league's tabs do not offer the tournament's standings, which are in another order
    assert 'data-export="classification.csv"' not in page
    league_csv = _csv_rows(client.get(f"/tournaments/{LEAGUE}/league.csv").content)
    header, *rows = _sheet(client.get(f"/tournaments/{LEAGUE}/league.xlsx").content)
    assert [row[2] for row in rows] == [int(row["player_id"]) for row in league_csv]
    points = header.index("points")
    assert all(isinstance(row[points], int | float) for row in rows)
    ranking = client.get("/seasons/2025/ranking/").content.decode()
    assert 'data-export="ranking.xlsx"' in ranking
    header, *rows = _sheet(client.get("/seasons/2025/ranking/players.xlsx").content)
    assert header[0] == "place"


def test_a_workbooks_text_is_never_a_formula() -> None:
    call_command("seed_demo", verbosity=0)
    # a team member: every file of the tournament names them (the teams' file too)
    player = Player.objects.filter(
        placings__tournament__slug=PAST, entries__team_member__isnull=False
    ).first()
    assert player is not None
    player.nickname = '=HYPERLINK("http://evil.example","x")'
    player.save()
    book = load_workbook(
        io.BytesIO(Client().get(f"/tournaments/{PAST}/results/classification.xlsx").content)
    )
    cells = [cell for row in book.active.iter_rows() for cell in row]  # type: ignore[union-attr]
    assert any(cell.value == player.nickname for cell in cells)
    assert all(cell.data_type != "f" for cell in cells)


def test_the_chart_says_which_standings_it_shows_and_ends_in_the_classification() -> None:
    call_command("seed_demo", verbosity=0)
    client = Client()
    order = _final_page_order(client)
    html = client.get(f"/tournaments/{PAST}/results/chart/").content.decode()
    shows = re.search(r'<p id="chart-shows">(.*?)</p>', html, re.S)
    assert shows is not None
    assert "Final classification" in shows.group(1) and "basic rounds" in shows.group(1)
    assert 'id="chart-final-column"' in html
    players = [int(pid) for pid in re.findall(r'<g class="chart-player" data-player="(\d+)"', html)]
    placed = [pid for pid in order if pid in players]
    assert players[: len(placed)] == placed
    first = re.search(
        r'<g class="chart-player" data-player="\d+">.*?<text [^>]*>([^<]*)</text>', html
    )
    assert first is not None and first.group(1).startswith("1. ")


def test_a_chart_before_the_final_names_the_basic_round_it_shows() -> None:
    call_command("seed_demo", verbosity=0)
    html = (
        Client()
        .get("/tournaments/mistrovstvi-cr-2026/results/chart/", HTTP_ACCEPT_LANGUAGE="cs")
        .content.decode()
    )
    shows = re.search(r'<p id="chart-shows">(.*?)</p>', html, re.S)
    assert shows is not None and re.search(r"Pořadí základních kol po \d+\. kole", shows.group(1))
    assert 'id="chart-final-column"' not in html
