"""The scorekeeper at the mesa records two Smoke hands on a phone and sees the tally move."""

from __future__ import annotations

from typing import Any

import pytest

from games.smoke.services import smoke_session_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def tally_of(page: Any, name: str) -> str:
    return str(page.inner_text(f"table.tally tr[data-name='{name}'] td.tally-value")).strip()


def test_record_two_hands_and_see_the_tally(live_server: Any, page: Any) -> None:
    keeper = UserFactory(username="whiz", password="pw-whiz-123")
    session = smoke_session_create(
        by=keeper,
        name="VT-4 ready room",
        participants=["Jim", "Bud", "Whiz", "Tom", "Puresome"],
        first_dealer="Jim",
    )
    page.goto(f"{live_server.url}/accounts/login/?next=/smoke/{session.pk}/")
    page.fill("input[name=login]", "whiz")
    page.fill("input[name=password]", "pw-whiz-123")
    page.click("form.form button[type=submit]")
    page.wait_for_selector("form.hand-form")
    assert tally_of(page, "Tom") == "10"

    # Hand 1: Bud sits; Jim 1, Whiz 1, Tom 3, Puresome none; Tom took the first trick.
    page.check("input[name=play_1][value=sit]")
    page.fill("input[name=tricks_0]", "1")
    page.fill("input[name=tricks_2]", "1")
    page.fill("input[name=tricks_3]", "3")
    page.select_option("select[name=first_trick]", "Tom")
    page.click("form.hand-form button[type=submit]")
    page.wait_for_selector("text=Hand 1 recorded.")
    assert tally_of(page, "Tom") == "7"
    assert tally_of(page, "Puresome") == "15"
    assert "Puresome - 15 going up, never, never land" in page.inner_text("pre.readout")

    # A wrong hand is refused with the engine's words, and nothing moves.
    page.check("input[name=play_1][value=stay]")
    page.fill("input[name=tricks_1]", "2")
    page.click("form.hand-form button[type=submit]")
    page.wait_for_selector(".alert.danger")
    assert "tricks add up to" in page.inner_text(".alert.danger")
    assert tally_of(page, "Tom") == "7"

    # Hand 2: Whiz and Puresome sit; Jim 1, Bud 1, Tom 3.
    for seat in range(5):
        page.fill(f"input[name=tricks_{seat}]", "")
    page.check("input[name=play_1][value=stay]")
    page.check("input[name=play_2][value=sit]")
    page.check("input[name=play_4][value=sit]")
    page.fill("input[name=tricks_0]", "1")
    page.fill("input[name=tricks_1]", "1")
    page.fill("input[name=tricks_3]", "3")
    page.select_option("select[name=first_trick]", "Tom")
    page.click("form.hand-form button[type=submit]")
    page.wait_for_selector("text=Hand 2 recorded.")
    assert tally_of(page, "Tom") == "4"
    assert tally_of(page, "Bud") == "9"
    assert "Whiz - 9 steady, had one sit" in page.inner_text("pre.readout")
