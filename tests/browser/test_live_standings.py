"""A round of a tournament is played from the table page while the public live results page,
open in another browser under the site's real content security policy, updates by itself."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from tests.browser.test_table_page import _sign_in
from tests.factories import UserFactory
from tests.tournaments.results_setup import make_scene

pytestmark = pytest.mark.django_db(transaction=True)


def test_public_standings_follow_a_round_played_at_the_table(
    live_server: Any, page: Any, browser: Any
) -> None:
    cache.clear()
    scene = make_scene()
    judge = UserFactory(username="judge-live", password="pw-judge-123")
    scene.setup.table.line_judge = judge
    scene.setup.table.save()

    # The public page runs without bypassing the CSP: results.js must work under it.
    # An American system's locale: the page still tells the time as the site writes it.
    public_context = browser.new_context(viewport={"width": 412, "height": 915}, locale="en-US")
    public = public_context.new_page()
    public.set_default_timeout(15_000)
    blocked: list[str] = []
    public.on("console", lambda m: blocked.append(m.text) if "Content Security" in m.text else None)
    public.goto(f"{live_server.url}/tournaments/{scene.slug}/results/?every=2")
    navigations: list[str] = []
    public.on("framenavigated", lambda frame: navigations.append(frame.url))
    ondra = public.locator("#standings tr", has_text="ONDRA")
    expect(ondra.locator("td").nth(2)).to_have_text("0")

    # The line judge records the round at the table page: ONDRA (C) takes TONDA.
    table_url = f"/games/tables/{scene.setup.table.pk}/"
    _sign_in(page, live_server, "judge-live", "pw-judge-123", table_url)
    page.wait_for_selector("#seats button.seat[data-seat=C]")
    for deal, seat in enumerate("CACCCC", start=1):
        page.click(f"#seats button.seat[data-seat={seat}]")
        expect(page.locator("#deal-log li")).to_have_count(deal)
        if deal == 2:
            # mid-round, the public page has caught up without a reload
            expect(ondra.locator("td").nth(3)).to_have_text("1")
            expect(public.locator('#current-round li[data-seat="C"] .word-so-far')).to_have_text(
                "T"
            )
    page.wait_for_selector("#seats .seat[data-seat=C] .tag-placka")

    # Played 6, lost 5, one placka; the round is finished; still no reload.
    expect(ondra.locator("td").nth(2)).to_have_text("6")
    expect(ondra.locator("td").nth(3)).to_have_text("5")
    expect(ondra.locator("td").nth(4)).to_have_text("16.7 %")
    expect(ondra.locator("td").nth(5)).to_have_text("1")
    expect(public.locator("#current-round .badge.finished").first).to_be_visible()
    # "Updated 21:43:12", on a 24-hour clock (TIME_FORMAT "H:i"), never "9:43:12 PM"
    expect(public.locator("#results-updated")).to_have_text(re.compile(r" \d{2}:\d{2}:\d{2}$"))
    assert navigations == []
    assert blocked == []

    # The round's published standings show the result.
    row = next(
        r
        for r in public_context.request.get(
            f"{live_server.url}/api/tournaments/{scene.slug}/rounds/1/standings/"
        ).json()["standings"]
        if r["nickname"] == "ONDRA"
    )
    assert row["round"] == {
        "deals_played": 6,
        "deals_lost": 5,
        "success_rate": 16.7,
        "placka": True,
        "penalty_points": None,
    }
    public_context.close()
