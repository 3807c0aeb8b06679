"""A club director, through the pages: marks who came tonight, draws the league night,
publishes it, and after the games sees the league table."""

from __future__ import annotations

from typing import Any

import pytest

from games import services as game_services
from tests.browser.conftest import sign_in
from tests.factories import EntryFactory, PlayingWordFactory, TournamentFactory, UserFactory
from tournaments.models import EntryStatus, RoundStatus, TournamentFormat, TournamentStatus

pytestmark = pytest.mark.django_db(transaction=True)


def test_director_marks_attendance_draws_the_night_and_sees_the_league_table(
    live_server: Any, page: Any
) -> None:
    director = UserFactory(username="dana", password="pw-dana-123", roles=["director"])
    PlayingWordFactory(label="TONDA", letters="TONDA", theme="Classic")
    league = TournamentFactory(
        name="Úterní liga", status=TournamentStatus.RUNNING, format=TournamentFormat.LEAGUE
    )
    league.directors.add(director)
    club = [
        EntryFactory(tournament=league, status=EntryStatus.REGISTERED, player__nickname=f"Kočka{i}")
        for i in range(1, 10)
    ]
    here, away = club[:8], club[8]

    sign_in(page, live_server.url, "dana", "pw-dana-123", f"/tournaments/{league.slug}/")
    page.click("text=Tonight: attendance and draw")
    page.fill("input[name=night]", "2026-09-01")
    for entry in here:
        page.check(f"#night-draw input[name=present][value='{entry.pk}']")
    page.select_option("#night-draw select[name=word]", label="TONDA · TONDA (Classic, Czech)")
    page.click("#night-draw button[type=submit]")
    page.wait_for_selector("#draw-report")
    assert page.locator(".draw-table").count() == 2
    page.click("#publish")
    page.click("#published-table-list")
    page.wait_for_selector(".draw-table")

    round_ = league.rounds.get()
    assert round_.status == RoundStatus.PUBLISHED and str(round_.night) == "2026-09-01"
    away.refresh_from_db()
    assert away.status == EntryStatus.REGISTERED
    for table in round_.tables.all():
        for seat in "AAAAA":  # seat A takes the placka; the others share first to third
            game_services.deal_record(by=director, table=table, losers=[seat])

    page.goto(f"{live_server.url}/tournaments/{league.slug}/")
    page.click("#results-links >> text=League table")
    page.wait_for_selector("#league-table")
    rows = page.locator("#league-table tbody tr[data-player]")
    assert rows.count() == 8
    assert page.locator("nav.tabs a.active").inner_text() == "League table"
    # three players of each table share 4 + 3 + 2 points: 3 each, the fourth has 1
    first = rows.first.locator("td").last.inner_text()
    last = rows.last.locator("td").last.inner_text()
    assert (first, last) == ("3", "1")
    assert "Kočka9" not in page.inner_text("#league-table")
