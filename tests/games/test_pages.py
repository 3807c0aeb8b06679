"""The table page, dashboard, scoresheet, paper entry and audit pages render."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.games.conftest import Setup

pytestmark = pytest.mark.django_db


def test_table_page_public_and_judge(setup: Setup, client: Client) -> None:
    answer = client.get(f"/games/tables/{setup.table.pk}/")
    assert answer.status_code == 200 and b"table-state" in answer.content
    assert b'id="misdeal"' not in answer.content
    client.force_login(setup.judge)
    answer = client.get(f"/games/tables/{setup.table.pk}/")
    assert b'id="misdeal"' in answer.content


def test_dashboard_scoresheet_and_audit(setup: Setup, client: Client) -> None:
    setup.lose("B")
    slug = setup.tournament.slug
    assert client.get(f"/tournaments/{slug}/rounds/1/dashboard/").status_code == 200
    assert client.get(f"/games/tables/{setup.table.pk}/scoresheet/").status_code == 200
    client.force_login(setup.judge)
    assert client.get(f"/games/tables/{setup.table.pk}/audit/").status_code == 403
    client.force_login(setup.director)
    answer = client.get(f"/games/tables/{setup.table.pk}/audit/")
    assert answer.status_code == 200 and b"Deal 1" in answer.content


def test_paper_entry_form_all_or_nothing(setup: Setup, client: Client) -> None:
    client.force_login(setup.judge)
    url = f"/games/tables/{setup.table.pk}/paper/"
    answer = client.post(url, {"first_number": 1, "rows": "B\nC: A=7 B=0 C=26 D=0\nQ"})
    assert answer.status_code == 400 and b"errorlist" in answer.content
    answer = client.post(url, {"first_number": 1, "rows": "B\nC: A=7 B=0 C=20 D=0"})
    assert answer.status_code == 400 and "Row 2" in answer.content.decode()
    assert setup.state()["deals"] == []
    answer = client.post(url, {"first_number": 1, "rows": "B\nC: A=7 B=0 C=26 D=0"})
    assert answer.status_code == 302
    assert len(setup.state()["deals"]) == 2


@pytest.mark.parametrize(
    ("language", "day"), [("en", r"\d\d/\d\d/\d{4}"), ("cs", r"\d\d?\.\d\d?\.\d{4}")]
)
def test_the_audit_trail_dates_its_rows_as_the_reader_s_language(
    setup: Setup, client: Client, language: str, day: str
) -> None:
    """Day first with the seconds on a 24-hour clock (the trail's order), not ISO on every page."""
    setup.lose("B")
    client.force_login(setup.director)
    client.cookies["django_language"] = language
    html = client.get(f"/games/tables/{setup.table.pk}/audit/").content.decode()
    cells = re.findall(r"<tr><td>([^<]*)</td>", html)
    assert cells and all(re.fullmatch(rf"{day} \d\d:\d\d:\d\d", cell) for cell in cells), cells
