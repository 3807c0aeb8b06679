"""The team classification's files (CSV, Excel, JSON) and their agreement with the team
pages and the API: every reader gets the same figures for the same tournament."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from django.test import Client
from openpyxl import load_workbook

from tests.tournaments.team_scene import TeamScene, make_team_scene
from tournaments.exports.teams import TEAM_COLUMNS

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams() -> TeamScene:
    scene = make_team_scene(rule="places")
    scene.scene.lose("A", "B", "A", "C")
    return scene


def _csv(scene: TeamScene) -> list[dict[str, str]]:
    answer = Client().get(f"/tournaments/{scene.slug}/results/teams.csv")
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == f'attachment; filename="{scene.slug}-teams.csv"'
    text = answer.content.decode("utf-8")
    assert text.startswith("\ufeff")  # the byte-order mark Excel needs
    return list(csv.DictReader(io.StringIO(text[1:])))


def test_the_csv_holds_the_team_classification_worked_by_hand(teams: TeamScene) -> None:
    rows = _csv(teams)
    # By hand, 4 deals at one table: LUMIR lost 2, KAREL 1, ONDRA 1, PEPA 0, so the players
    # are placed PEPA 1, ONDRA and KAREL 2 (shared), LUMIR 4. Under the places rule
    # Bílá Hora has 1 + 2 = 3, Vinohrady 2 + 4 = 6: Bílá Hora first.
    assert [
        (r["place"], r["team"], r["deals_played"], r["deals_lost"], r["success_rate"]) for r in rows
    ] == [("1", "Bílá Hora", "8", "1", "87.5"), ("2", "Vinohrady", "8", "3", "62.5")]
    assert [(r["places_sum"], r["best_place"], r["members"]) for r in rows] == [
        ("3", "1", "ONDRA; PEPA"),
        ("6", "2", "KAREL; LUMIR"),
    ]
    assert rows[0]["club"] == "KK Bílá Hora" and rows[0]["team_points"] == ""


def test_the_workbook_holds_the_csvs_cells_with_numbers_as_numbers(teams: TeamScene) -> None:
    answer = Client().get(f"/tournaments/{teams.slug}/results/teams.xlsx")
    sheet = load_workbook(io.BytesIO(answer.content)).active
    assert sheet is not None
    cells = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert tuple(cells[0]) == TEAM_COLUMNS
    by_name = {row[3]: row for row in cells[1:]}
    assert by_name["Bílá Hora"][7] == 87.5 and by_name["Vinohrady"][5] == 8
    assert [str(v) if v is not None else "" for v in cells[1]] == list(_csv(teams)[0].values())


def test_a_rounds_team_file_does_not_exist(teams: TeamScene) -> None:
    assert Client().get(f"/tournaments/{teams.slug}/rounds/1/teams.csv").status_code == 404
    api = Client().get(f"/api/tournaments/{teams.slug}/exports/teams.json?round=1")
    assert api.status_code == 404 and "whole tournament" in api.json()["detail"]


FIGURES = ("deals_played", "deals_lost", "success_rate", "placky", "member_points", "places_sum")


def _page_figures(html: str, marker: str) -> dict[str, str]:
    part = html.split(marker, 1)[1].split("</tr>", 1)[0]
    return dict(re.findall(r'data-figure="(\w+)">([^<]*)<', part))


def test_the_team_pages_the_files_and_the_api_agree(teams: TeamScene) -> None:
    client = Client()
    api = client.get(f"/api/tournaments/{teams.slug}/teams/classification/").json()
    exported = json.loads(client.get(f"/tournaments/{teams.slug}/results/teams.json").content)
    assert exported == api
    rows = {r["team"]: r for r in _csv(teams)}
    live = client.get(f"/tournaments/{teams.slug}/results/").content.decode()
    for team in api["teams"]:
        row = rows[team["name"]]
        page = _page_figures(live, f'<tr data-team="{team["team_id"]}">')
        detail = client.get(f"/tournaments/{teams.slug}/teams/{team['team_id']}/")
        facts = dict(
            re.findall(r'data-figure="(\w+)">([^<(]*)', detail.content.decode().split("</dl>")[0])
        )
        expected: dict[str, Any] = {
            "deals_played": team["deals_played"],
            "deals_lost": team["deals_lost"],
            "success_rate": f"{team['success_rate']:.1f} %",
            "placky": team["placky"],
            "member_points": team["member_points"],
            "places_sum": team["places_sum"],
        }
        for name in FIGURES:
            assert page[name] == str(expected[name]), (team["name"], name)
        for name in ("success_rate", "member_points", "places_sum"):
            assert facts[name].strip() == str(expected[name]), (team["name"], name)
        assert row["place"] == str(team["place"])
        assert row["deals_played"] == str(team["deals_played"])
        assert row["deals_lost"] == str(team["deals_lost"])
        assert row["success_rate"] == f"{team['success_rate']:.1f}"
        assert row["member_points"] == team["member_points"]
        assert row["places_sum"] == str(team["places_sum"])
