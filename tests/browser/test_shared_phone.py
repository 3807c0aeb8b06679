"""A phone passed from hand to hand at a table (390x844, the site's real CSP, Debian's Chromium).

A referee opens a held round's table (referee tools, a held ruling, six deals), the table page's
service worker keeps it for offline use, and the referee signs out. With the server out of
reach the next person must not get the referee's page, whether the sign-out's Clear-Site-Data
reached the browser or not; and a judge's deals still waiting on the phone are never sent under
the next account's name.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from games import services
from games.models import DealEntry
from tests.browser.conftest import LISTEN_VIOLATIONS, cut_network, sign_in
from tests.games.conftest import Setup, make_setup

# Cutting the network under a service worker goes through Playwright's experimental worker
# network events (``cut_network``: route aborts beside set_offline); a cut that lands a moment
# late lets a request through now and then. A real failure fails all three runs.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.flaky(reruns=2)]

PASSWORD = "pw"  # tests.factories.UserFactory's
DEALS = re.compile(r"/deals/(\?.*)?$")


def _held_table_with_a_ruling() -> Setup:
    """A held (silent) round's table: six deals, one of them under a referee's ruling."""
    s = make_setup(word="TONDA", released=False)
    s.lose("A", "B", "C", "D", "A", "B")
    deal = DealEntry.objects.get(game__table=s.table, number=3)
    services.ruling_make(
        by=s.head_referee,
        table=s.table,
        deal=deal,
        kind="B",
        offender="D",
        penalty="loses_deal",
        reason="revoke in the third trick",
    )
    return s


def _referee_opens_the_table(page: Any, live_server: Any, s: Setup) -> str:
    url = f"/games/tables/{s.table.pk}/"
    sign_in(page, live_server.url, s.head_referee.username, PASSWORD, url)
    expect(page.locator("#referee-tools")).to_have_count(1)
    expect(page.locator("#deal-log li")).to_have_count(6)
    # the service worker installed and kept this page for offline use
    expect(page.locator("#table-app[data-offline=ready]")).to_have_count(1)
    return url


def _press_sign_out(page: Any) -> None:
    toggle = page.locator("label.nav-toggle-label")  # the phone's menu
    if toggle.is_visible():
        toggle.click()
    page.click("form[action='/accounts/logout/'] button")


def _sign_out(page: Any) -> None:
    _press_sign_out(page)
    page.wait_for_selector("a[href='/accounts/login/']", state="attached")


def _offline_visit(page: Any, url: str) -> str:
    """What the phone shows for ``url`` without a network: the worker's answer, or nothing."""
    try:
        page.goto(url)
    except PlaywrightError as exc:  # no worker left to answer: the browser's own error page
        assert "ERR_INTERNET_DISCONNECTED" in str(exc)
        return ""
    return str(page.content())


def _shows_nothing_of_the_referee(shown: str, s: Setup) -> None:
    assert "referee-tools" not in shown
    assert "revoke in the third trick" not in shown
    assert 'id="table-state"' not in shown
    assert str(s.tournament.name) not in shown


_HOLDS = """async (url) => {
  for (const name of await caches.keys()) {
    if (await (await caches.open(name)).match(url)) return true;
  }
  return false;
}"""


def _holds(page: Any, url: str, want: bool = True) -> bool:
    """Whether one of the site's caches on the phone holds ``url`` (once it is as wanted: the
    worker keeps and drops in the background; looked at a few times, not timed)."""
    held = not want
    for _ in range(50):
        held = bool(page.evaluate(_HOLDS, url))
        if held == want:
            break
        page.wait_for_timeout(200)
    return held


def test_a_signed_out_referees_held_table_is_not_shown_offline_to_the_next_person(
    live_server: Any, phones: Any
) -> None:
    s = _held_table_with_a_ruling()
    page = phones()
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    url = _referee_opens_the_table(page, live_server, s)
    assert _holds(page, f"{live_server.url}{url}")
    assert page.evaluate("() => window.__violations") == []  # under the site's real CSP

    # when the referee signs out and the server goes out of reach
    _sign_out(page)
    assert not _holds(page, f"{live_server.url}{url}", want=False)  # the phone was cleared
    assert page.evaluate("() => window.__violations") == []
    cut_network(page, True)

    # then the next person opening the table's address gets nothing of the referee's page
    shown = _offline_visit(page, f"{live_server.url}{url}")
    _shows_nothing_of_the_referee(shown, s)


def test_a_signed_out_page_makes_the_worker_drop_the_referees_copies_without_clear_site_data(
    live_server: Any, phones: Any
) -> None:
    """A browser that ignores Clear-Site-Data, or a session that ended on the server: the next
    page the phone opens signed out tells the worker, which drops the referee's copies."""
    s = _held_table_with_a_ruling()
    page = phones()
    url = _referee_opens_the_table(page, live_server, s)

    # given the sign-out's answer reaches the phone without its Clear-Site-Data header
    def without_clearing(route: Any) -> None:
        answer = route.fetch(max_redirects=0)
        headers = {k: v for k, v in answer.headers.items() if k.lower() != "clear-site-data"}
        route.fulfill(response=answer, headers=headers)

    assert _holds(page, f"{live_server.url}{url}")
    page.route("**/accounts/logout/", without_clearing)
    _sign_out(page)
    # (the signed-out home page told the worker, which dropped the referee's copies)
    assert not _holds(page, f"{live_server.url}{url}", want=False)
    assert page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).length")

    # when the server goes out of reach, the worker answers the table's address with its
    # offline page, not with the referee's copy
    cut_network(page, True)
    shown = _offline_visit(page, f"{live_server.url}{url}")
    assert "No connection" in shown
    _shows_nothing_of_the_referee(shown, s)


def test_a_copy_is_not_served_after_its_session_ended(
    live_server: Any, phones: Any, settings: Any
) -> None:
    # a short session, so that it ends during the test (the copy's end comes from the server)
    settings.SESSION_COOKIE_AGE = 20
    s = _held_table_with_a_ruling()
    page = phones()
    signed_in_ms = time.time() * 1000
    url = _referee_opens_the_table(page, live_server, s)
    kept_ms = time.time() * 1000
    until = page.evaluate(
        """async (url) => {
          for (const name of await caches.keys()) {
            const hit = await (await caches.open(name)).match(url);
            if (hit) return Number(hit.headers.get("X-SCWU-Until")) || null;
          }
          return null;
        }""",
        f"{live_server.url}{url}",
    )
    # once the session's time is up (it was last saved before the page was kept)
    session_end = until or kept_ms + 20_000
    page.wait_for_timeout(max(0, int(session_end - time.time() * 1000)) + 1000)
    cut_network(page, True)
    # the referee's copy is not served any more
    shown = _offline_visit(page, f"{live_server.url}{url}")
    assert "No connection" in shown
    _shows_nothing_of_the_referee(shown, s)
    # the copy was kept until the session's end, and no longer
    assert until is not None
    assert signed_in_ms < until <= kept_ms + 20_000


def test_a_judges_pending_deal_is_never_sent_under_the_next_users_name(
    live_server: Any, phones: Any
) -> None:
    s = make_setup(word="TONDA")
    url = f"/games/tables/{s.table.pk}/"
    judge = phones()
    judge.on("dialog", lambda dialog: dialog.accept())
    sign_in(judge, live_server.url, s.judge.username, PASSWORD, url)
    judge.click("#seats button.seat[data-seat=A]")
    expect(judge.locator("#deal-log li")).to_have_count(1)

    # given the judge records deal 2 that cannot reach the server: it waits on the phone
    judge.route(DEALS, lambda route: route.abort("internetdisconnected"))
    judge.click("#seats button.seat[data-seat=B]")
    expect(judge.locator("#pending-log li")).to_have_count(1)

    # when the head referee signs in on the same phone (another tab) without the judge
    # signing out, and opens the table
    referee = judge.context.new_page()
    referee.set_default_timeout(15_000)
    referee.add_init_script(f"({LISTEN_VIOLATIONS})()")
    sign_in(referee, live_server.url, s.head_referee.username, PASSWORD, url)
    referee.wait_for_selector("#seats button.seat[data-seat=C]")

    # then the referee's page does not send the judge's deal
    expect(referee.locator("#table-app")).to_have_attribute("data-pending", "0")
    expect(referee.locator("#sync")).to_be_hidden()
    deals = DealEntry.objects.filter(game__table=s.table).order_by("number")
    assert [(d.number, d.recorded_by_id) for d in deals] == [(1, s.judge.pk)]
    # lists none of it, and says that a deal of another account waits here
    expect(referee.locator("#outbox-owner")).to_be_visible()
    expect(referee.locator("#outbox-owner")).to_contain_text(
        "recorded on this phone under another account: 1"
    )
    expect(referee.locator("#pending-log li")).to_have_count(0)
    expect(referee.locator("#table-app")).to_have_attribute("data-foreign-pending", "1")

    # and when the judge's tab reaches the server again, now signed in as the referee, the
    # server refuses the deal and the tab keeps it, saying why
    judge.unroute(DEALS)
    judge.evaluate("window.dispatchEvent(new Event('online'))")
    expect(judge.locator("#table-app")).to_have_attribute("data-signed-in-elsewhere", "1")
    expect(judge.locator("#outbox-owner")).to_contain_text("now signed in under another account")
    expect(judge.locator("#pending-log li")).to_have_count(1)
    referee.reload()
    referee.wait_for_selector("#seats button.seat[data-seat=C]")
    expect(referee.locator("#deal-log li")).to_have_count(1)
    deals = DealEntry.objects.filter(game__table=s.table).order_by("number")
    assert [(d.number, d.recorded_by_id) for d in deals] == [(1, s.judge.pk)]

    # when the judge signs in again, the deal is sent under the judge's name
    sign_in(referee, live_server.url, s.judge.username, PASSWORD, url)
    expect(referee.locator("#deal-log li")).to_have_count(2)
    expect(referee.locator("#outbox-owner")).to_be_hidden()
    deals = DealEntry.objects.filter(game__table=s.table).order_by("number")
    assert [(d.number, d.losers, d.recorded_by_id) for d in deals] == [
        (1, ["A"], s.judge.pk),
        (2, ["B"], s.judge.pk),
    ]
    assert referee.evaluate("() => window.__violations || []") == []


def test_signing_out_with_deals_waiting_asks_first(live_server: Any, phones: Any) -> None:
    s = make_setup(word="TONDA")
    url = f"/games/tables/{s.table.pk}/"
    page = phones()
    sign_in(page, live_server.url, s.judge.username, PASSWORD, url)
    page.route(DEALS, lambda route: route.abort("internetdisconnected"))
    page.click("#seats button.seat[data-seat=B]")
    expect(page.locator("#pending-log li")).to_have_count(1)
    asked: list[str] = []

    def decline(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", decline)
    _press_sign_out(page)
    # the judge was asked, said no, and is still signed in with the deal waiting
    expect(page.locator("#pending-log li")).to_have_count(1)
    assert asked and "signing out deletes them" in asked[0]
    expect(page.locator("form[action='/accounts/logout/']")).to_have_count(1)
