from __future__ import annotations

from typing import Any

import pytest

from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_player_directory_search_and_language_switch(live_server: Any, page: Any) -> None:
    MembershipFactory(player__nickname="LUMIR", club__name="Royal SCC Vinohrady")
    MembershipFactory(player__nickname="Tonda")
    page.goto(f"{live_server.url}/players/")
    page.fill("input[name=q]", "lum")
    page.click("form.search button")
    rows = page.locator("table.table tbody tr")
    assert rows.count() == 1
    assert "LUMIR" in rows.first.inner_text()
    page.click("label.nav-toggle-label")  # phone width: the menu is folded
    page.click("button.lang[value=cs]")
    page.wait_for_selector("h1:has-text('Hráči')")


def test_sign_in_and_propose_a_word(live_server: Any, page: Any) -> None:
    UserFactory(username="anna", password="pw-anna-123")
    page.goto(f"{live_server.url}/accounts/login/?next=/words/propose/")
    page.fill("input[name=login]", "anna")
    page.fill("input[name=password]", "pw-anna-123")
    page.click("form.form button[type=submit]")
    page.fill("input[name=letters]", "t0nda")
    page.click("form.form button[type=submit]")
    assert "letters only" in page.inner_text(".errorlist")
    page.fill("input[name=letters]", "tonda")
    page.click("form.form button[type=submit]")
    page.wait_for_selector("h1:has-text('TONDA')")
    assert "proposed" in page.inner_text("h1")
