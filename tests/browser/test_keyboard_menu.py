"""On a phone the menu folds behind ☰: a keyboard reaches its switch and opens it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_folded_menu_opens_from_the_keyboard(live_server: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/")
    nav = page.locator("nav.site-nav")
    expect(nav).to_be_hidden()
    page.keyboard.press("Tab")  # the brand
    page.keyboard.press("Tab")  # the menu's switch
    assert page.evaluate("document.activeElement.id") == "nav-toggle"
    page.keyboard.press("Space")
    expect(nav).to_be_visible()
    page.keyboard.press("Tab")  # into the menu
    assert page.evaluate("document.activeElement.closest('nav') !== null")
