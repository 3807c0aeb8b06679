"""What a new user sees first (public pages), in Czech and Russian, under the real CSP."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import LISTEN_VIOLATIONS, sign_in, use_language
from tests.factories import (
    EntryFactory,
    MembershipFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import RoundStatus, TournamentStatus

pytestmark = pytest.mark.django_db(transaction=True)


def test_home_search_flags_dates_in_czech(live_server: Any, page: Any) -> None:
    running = TournamentFactory(name="Prague Open", status=TournamentStatus.RUNNING)
    RoundFactory(tournament=running, number=1, status=RoundStatus.PUBLISHED)
    TournamentFactory(name="Brno Cup", status=TournamentStatus.REGISTRATION)
    TournamentFactory(name="Old Masters", status=TournamentStatus.FINISHED)
    boza = MembershipFactory(player__nickname="Bóža").player
    EntryFactory(tournament=running, player=boza)
    page.add_init_script(script=f"({LISTEN_VIOLATIONS})()")
    use_language(page, live_server.url, "cs")

    page.goto(f"{live_server.url}/")
    running_card = page.locator("#home-running")
    assert "Prague Open" in running_card.inner_text()
    assert "hraje se" in running_card.inner_text()
    assert "Brno Cup" in page.inner_text("#home-upcoming")
    assert "Old Masters" in page.inner_text("#home-latest")
    assert page.locator("link[rel=icon]").count() == 1
    nav = page.locator("nav.site-nav")
    assert nav.locator("a[href='/records/']").count() == 1
    assert nav.locator("a[href='/seasons/']").count() == 1

    page.goto(f"{live_server.url}/players/?q=bo")  # accent-insensitive: finds Bóža
    row = page.locator("table.table tbody tr")
    assert row.count() == 1 and "Bóža" in row.inner_text()
    badge = row.locator("abbr.flag-badge")
    assert badge.count() == 1 and len(badge.inner_text()) == 3  # a code, not an emoji

    page.goto(f"{live_server.url}/tournaments/{running.slug}/")
    assert "16.05.2026" in page.inner_text("dl")  # the Czech short date, not "May 16, 2026"
    page.click("a:has-text('Bóža')")  # entry names are links
    page.wait_for_url(f"**/players/{boza.pk}/")
    assert page.evaluate("window.__violations") == []


def test_forbidden_page_and_in_play_in_russian(live_server: Any, page: Any) -> None:
    running = TournamentFactory(name="Moscow Open", status=TournamentStatus.RUNNING)
    RoundFactory(tournament=running, number=1, status=RoundStatus.PUBLISHED)
    UserFactory(username="olga", password="pw-olga-123")
    use_language(page, live_server.url, "ru")

    page.goto(f"{live_server.url}/tournaments/{running.slug}/")
    assert "идёт игра" in page.inner_text("main")
    assert "опубликован" not in page.inner_text("main")

    sign_in(page, live_server.url, "olga", "pw-olga-123", "/")
    response = page.goto(f"{live_server.url}/tournaments/{running.slug}/entries/")
    assert response.status == 403
    assert "Вам это не разрешено" in page.inner_text("h1")
    assert page.locator("#forbidden-reason").inner_text().strip() != ""


def test_live_results_in_czech_use_decimal_comma_and_name_penalty_points(
    live_server: Any, page: Any
) -> None:
    from tests.tournaments.results_setup import make_scene

    scene = make_scene()
    scene.lose("C")  # the three others: one deal played, none lost
    use_language(page, live_server.url, "cs")
    page.goto(f"{live_server.url}/tournaments/{scene.slug}/results/")
    standings = page.inner_text("#standings")
    assert "100,0 %" in standings and "100.0 %" not in standings
    page.set_viewport_size({"width": 1200, "height": 800})  # the column shows on a laptop
    assert "Trestné body" in page.inner_text("#standings thead")
