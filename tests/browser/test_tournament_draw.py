"""A director, through the pages: creates a tournament, registers and checks in 14 players,
draws round 1 through the Celery task (eager here), reviews the report and publishes it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.factories import (
    MembershipFactory,
    PlayingWordFactory,
    SeasonFactory,
    SeriesFactory,
    UserFactory,
)
from tournaments.models import RoundStatus, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_director_creates_registers_checks_in_draws_and_publishes(
    live_server: Any, page: Any
) -> None:
    UserFactory(username="dana", password="pw-dana-123", roles=["director"])
    SeasonFactory(year=2026)
    SeriesFactory(name="Classic", slug="classic")
    PlayingWordFactory(label="TONDA", letters="TONDA", theme="Classic")
    nicknames = [f"Kočka{i:02d}" for i in range(1, 15)]
    for nick in nicknames:
        MembershipFactory(player__nickname=nick)

    page.goto(f"{live_server.url}/accounts/login/?next=/tournaments/new/")
    page.fill("input[name=login]", "dana")
    page.fill("input[name=password]", "pw-dana-123")
    page.click("form.form button[type=submit]")

    page.select_option("select[name=season]", label="2026")
    page.select_option("select[name=series]", label="Classic")
    page.fill("input[name=name]", "Jarní Classic")
    page.fill("input[name=start_date]", "2026-04-04")
    page.fill("input[name=end_date]", "2026-04-04")
    page.click("form.form button[type=submit]")
    page.wait_for_selector("h1:has-text('Jarní Classic')")
    page.click("button[value=registration]")
    page.wait_for_selector(".badge.registration")

    page.click("text=Entries and check-in")
    page.fill("input[name=q]", "Kočka")
    page.click("form.search button")
    for _ in nicknames:
        page.locator("form.found button").first.click()
        page.wait_for_load_state()
    assert page.locator(".entry-row[data-player]").count() == 14
    for nick in nicknames:
        page.locator(f".entry-row[data-player='{nick}'] button.check-in").click()
        page.wait_for_selector(f".entry-row[data-player='{nick}'] button.check-in.on")
    assert "14 of 14 checked in" in page.inner_text(".lead")

    slug = Tournament.objects.get().slug
    page.goto(f"{live_server.url}/tournaments/{slug}/")
    page.click("button[value=running]")
    page.wait_for_selector(".badge.running")
    page.goto(f"{live_server.url}/tournaments/{slug}/rounds/")
    page.select_option("#round-create select[name=word]", label="TONDA · TONDA (Classic, Czech)")
    page.click("#round-create button[type=submit]")
    page.fill("#draw-form input[name=seed]", "2026")
    page.click("#draw-form button[type=submit]")
    page.wait_for_selector("#draw-report")  # the page polled the job, or it was already done
    assert page.locator(".draw-table").count() == 3
    assert "Table of 5" in page.inner_text(".draw-grid")
    page.click("#publish")
    # Back on the round's page, which links the public table list.
    page.click("#published-table-list")
    page.wait_for_selector("h1:has-text('Jarní Classic')")
    tables = page.locator(".draw-table")
    assert tables.count() == 3
    seats = page.locator(".draw-table .seats li")
    assert seats.count() == 14
    round = Tournament.objects.get().rounds.get()
    assert round.status == RoundStatus.PUBLISHED and round.draw_seed == 2026

    page.goto(f"{live_server.url}/tournaments/{slug}/rounds/1/projector/?every=2")
    page.wait_for_selector(".proj-table.active[data-table='1']")
    page.wait_for_selector(".proj-table.active[data-table='2']", timeout=6000)
