"""A person claims their registry player, a director confirms, and My tables then shows the
table the player is seated at (under the site's real content security policy)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import LISTEN_VIOLATIONS, sign_in
from tests.factories import UserFactory
from tests.games.conftest import make_setup

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_claim_confirmed_by_a_director_then_my_tables_shows_the_players_table(
    live_server: Any, phones: Any
) -> None:
    s = make_setup()
    seated = s.table.seats.select_related("entry__player").get(position="C").entry.player
    seated.nickname = "Bohouš"
    seated.save()
    UserFactory(username="bohous", password="pw-bohous-1")
    s.director.username = "ředitel"
    s.director.set_password("pw-director-1")
    s.director.save()

    person = phones()
    person.add_init_script(f"({LISTEN_VIOLATIONS})()")
    sign_in(person, live_server.url, "bohous", "pw-bohous-1", f"/players/{seated.pk}/")
    person.click("#claim-player")
    person.fill("textarea[name=message]", "I play for Vinohrady")
    person.click("form.form button[type=submit]")
    expect(person.locator("#pending-claim")).to_be_visible()
    person.goto(f"{live_server.url}/my/tables/")
    expect(person.locator("#no-tables")).to_be_visible()

    director = phones()
    sign_in(director, live_server.url, "ředitel", "pw-director-1", "/people/claims/")
    director.locator(".claim", has_text="Bohouš").locator("button[value=confirm]").click()
    expect(director.locator(".messages")).to_contain_text("Bohouš")

    person.goto(f"{live_server.url}/my/tables/")
    link = person.locator(f'li[data-table="{s.table.pk}"] a')
    expect(link).to_be_visible()
    link.click()
    person.wait_for_url(f"**/games/tables/{s.table.pk}/")
    person.goto(f"{live_server.url}/my/seats/")
    expect(person.locator(f'tr[data-table="{s.table.pk}"]')).to_contain_text("C")
    assert person.evaluate("() => window.__violations") == []
