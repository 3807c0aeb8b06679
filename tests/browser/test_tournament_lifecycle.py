"""A director's tournament life through the pages, under the site's real CSP: no play-off is
offered before a round is played; finishing the tournament says what it freezes and asks
to confirm (a page, no script), and the finished tournament offers its reopening."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.models import LogEntry

from tests.browser.conftest import LISTEN_VIOLATIONS
from tests.factories import UserFactory
from tests.tournaments.results.conftest import make_event
from tournaments.models import RoundStatus, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db(transaction=True)


def _sign_in(page: Any, live_server: Any, username: str, next_url: str) -> None:
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", "pw-lifecycle-1")
    page.click("form.form button[type=submit]")


def test_the_rounds_page_before_round_one_offers_no_playoff(live_server: Any, page: Any) -> None:
    e = make_event("abcdefghijkl", final_size=4)
    director = UserFactory(username="lena", password="pw-lifecycle-1", roles=["director"])
    e.tournament.directors.add(director)
    _sign_in(page, live_server, "lena", f"/tournaments/{e.tournament.slug}/rounds/")
    page.wait_for_selector("#round-create")
    assert page.locator("#playoff-create").count() == 0
    shown = page.inner_text("main")
    assert "Create the play-off table" not in shown and "The cut is tied" not in shown
    assert page.evaluate("() => window.__violations") == []


def test_finishing_asks_to_confirm_and_the_tournament_reopens(live_server: Any, page: Any) -> None:
    e = make_event("abcd")
    r1 = e.round("abcd")
    e.play(r1, 1, "aaaaa")
    assert r1.__class__.objects.get(pk=r1.pk).status == RoundStatus.FINISHED
    director = UserFactory(username="lena", password="pw-lifecycle-1", roles=["director"])
    e.tournament.directors.add(director)
    slug = e.tournament.slug
    _sign_in(page, live_server, "lena", f"/tournaments/{slug}/")

    page.click("button[data-action=finish]")
    page.wait_for_selector("#confirm")
    assert "freezes" in page.inner_text("#confirm-consequence")
    assert Tournament.objects.get(pk=e.tournament.pk).status == TournamentStatus.RUNNING
    page.click("#confirm-cancel")
    page.wait_for_selector("button[data-action=finish]")
    page.click("button[data-action=finish]")
    page.click("#confirm-yes")
    page.wait_for_selector(".badge.finished")
    assert Tournament.objects.get(pk=e.tournament.pk).status == TournamentStatus.FINISHED
    assert page.locator("button[data-action=finish]").count() == 0

    page.click("button[data-action=reopen]")
    page.wait_for_selector(".badge.running")
    assert Tournament.objects.get(pk=e.tournament.pk).status == TournamentStatus.RUNNING
    assert LogEntry.objects.filter(object_id=str(e.tournament.pk), user=director).exists()
    assert page.evaluate("() => window.__violations") == []
