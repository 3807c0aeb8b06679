"""A page that updates itself says so and lets the reader pause it (no meta refresh: a timed
reload the reader cannot stop fails WCAG 2.2.1), under the site's real CSP."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import LISTEN_VIOLATIONS
from tests.games.conftest import make_setup

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_round_dashboard_updates_itself_until_paused(live_server: Any, page: Any) -> None:
    setup = make_setup()
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    url = reverse("games:dashboard", args=[setup.round.tournament.slug, setup.round.number])
    page.goto(live_server.url + url)
    assert page.locator("meta[http-equiv=refresh]").count() == 0
    note = page.locator("[data-refresh]")
    expect(note).to_be_visible()  # site.js runs: the page reloads every 30 s
    assert note.get_attribute("data-refresh") == "30"
    pause = note.get_by_role("button", name="Pause updates")
    expect(pause).to_have_attribute("aria-pressed", "false")
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("window.__violations") == []
