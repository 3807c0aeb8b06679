"""The table page opens and keeps counting without a network, on a 390x844 phone.

The page is served by its service worker (real CSP, Debian's Chromium, Playwright's offline
emulation): the judge records the rest of a game at a table of five while offline, sees the
letters, the dealer and the sit-out move and the placka end the game, all marked pending; once
the network returns, the database holds each deal once with what the page showed.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import DealEntry
from games.selectors import table_state
from tests.browser.conftest import LISTEN_VIOLATIONS, PHONE, cut_network, sign_in
from tests.factories import UserFactory
from tests.games.conftest import make_setup

# Cutting the network under a service worker goes through Playwright's experimental worker
# network events (route aborts beside set_offline); a cut that lands a moment late lets a
# request through now and then. A real failure fails all three runs.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.flaky(reruns=2)]


def _seat(page: Any, name: str) -> Any:
    return page.locator(f"#seats .seat[data-seat={name}]")


def _in_view(page: Any, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (selector, box)


def test_a_game_finished_offline_is_shown_pending_and_recorded_once(
    live_server: Any, phones: Any
) -> None:
    s = make_setup(seats=5, word="TON")
    UserFactory(username="judge-petr", password="pw-judge-123")
    s.table.line_judge = s.table.line_judge.__class__.objects.get(username="judge-petr")
    s.table.save()
    page = phones()
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    page.on("dialog", lambda dialog: dialog.accept())
    url = f"/games/tables/{s.table.pk}/"
    sign_in(page, live_server.url, "judge-petr", "pw-judge-123", url)
    # the service worker installs and keeps this table
    expect(page.locator("#table-app[data-offline=ready]")).to_have_count(1)
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    # online: B, C, B lose deals 1-3 (B holds TO: mečbol; B deals and sits out deal 4)
    for number, seat in enumerate("BCB", start=1):
        page.click(f"#seats button.seat[data-seat={seat}]")
        expect(page.locator("#deal-log li")).to_have_count(number)
    expect(page.locator("#table-app[data-offline=ready]")).to_have_count(1)
    expect(page.locator("#connection")).to_have_attribute("data-state", "online")

    # the network goes; deal 4: D loses, pending on the phone
    cut_network(page, True)
    page.click("#seats button.seat[data-seat=D]")
    expect(page.locator("#pending-log li")).to_have_count(1)

    # the page reloads without a network: the worker serves it, with the deal still pending
    page.reload()
    page.wait_for_selector("#seats .seat[data-seat=D]")
    expect(page.locator("#connection")).to_have_attribute("data-state", "offline")
    expect(page.locator("#pending-log li")).to_have_count(1)
    expect(_seat(page, "D")).to_have_attribute("data-letter-count", "1")
    assert _seat(page, "D").locator(".letter.got.pending").count() == 1
    # D dealt... the dealer moved to D, who sits out deal 5 at this table of five
    expect(page.locator("#next-deal")).to_contain_text("Deal 5 · D deals · D sits out")
    expect(page.locator("#next-deal")).to_contain_text("pending")
    expect(_seat(page, "D")).to_be_disabled()
    expect(_seat(page, "B")).to_be_enabled()
    assert _seat(page, "B").locator(".tag-mecbol").count() == 1
    # the connection and the pending list are at the top of the phone's screen
    _in_view(page, "#connection")
    _in_view(page, "#pending-log")
    expect(page.locator("#connection")).to_have_text("Offline: 1 deal kept on this phone")

    # deal 5, entered with points: the fields are the four seats playing it (D sits out),
    # the points say B lost; B takes the placka and the game is over (pending)
    page.click("#points-entry summary")
    expect(page.locator("#points-fields input")).to_have_count(4)
    for seat, points in {"A": 3, "B": 24, "C": 6, "E": 0}.items():
        page.fill(f"#points-fields input[data-seat={seat}]", str(points))
    expect(page.locator("#points-loser")).to_contain_text("B")
    page.click("#points-submit")
    expect(page.locator("#pending-log li")).to_have_count(2)
    expect(_seat(page, "B")).to_have_attribute("data-letter-count", "3")
    expect(_seat(page, "B").locator(".tag-placka")).to_have_count(1)
    expect(page.locator("#next-deal")).to_contain_text("Game over (pending)")
    expect(page.locator("#table-app")).to_have_attribute("data-shown-status", "finished")
    for seat in "ABCDE":
        expect(_seat(page, seat)).to_be_disabled()
    shown = {seat: _seat(page, seat).get_attribute("data-letter-count") for seat in "ABCDE"}
    assert DealEntry.objects.filter(game__table=s.table).count() == 3

    # the network returns: both deals are sent, once each, in order
    cut_network(page, False)
    expect(page.locator("#deal-log li")).to_have_count(5)
    page.wait_for_selector("#sync", state="hidden")
    expect(page.locator("#connection")).to_have_attribute("data-state", "online")
    deals = DealEntry.objects.filter(game__table=s.table).order_by("number")
    assert deals.last().points == {"A": 3, "B": 24, "C": 6, "E": 0}  # type: ignore[union-attr]
    assert [(d.number, d.losers, d.undone_seq) for d in deals] == [
        (1, ["B"], None),
        (2, ["C"], None),
        (3, ["B"], None),
        (4, ["D"], None),
        (5, ["B"], None),
    ]
    # then the server's game is what the page showed while offline
    state = table_state(s.table)
    assert state["finished"] is True
    assert {seat["seat"]: str(seat["letter_count"]) for seat in state["seats"]} == shown
    assert [seat["seat"] for seat in state["seats"] if seat["has_placka"]] == ["B"]
    assert state["deals"][3]["sitting_out"] == ["B"]
    assert state["deals"][4]["dealer"] == "D"
    assert state["deals"][4]["sitting_out"] == ["D"]
    assert page.evaluate("() => window.__violations") == []


def test_other_pages_are_not_served_by_the_worker(live_server: Any, phones: Any) -> None:
    s = make_setup(seats=4, word="TON")
    UserFactory(username="judge-ema", password="pw-judge-123")
    page = phones()
    url = f"/games/tables/{s.table.pk}/"
    sign_in(page, live_server.url, "judge-ema", "pw-judge-123", url)
    expect(page.locator("#table-app[data-offline=ready]")).to_have_count(1)
    page.goto(f"{live_server.url}/players/")
    # the players' page is outside the worker's scope: nothing controls it
    assert page.evaluate("navigator.serviceWorker.controller") is None
    cut_network(page, True)
    with pytest.raises(Exception, match="ERR_INTERNET_DISCONNECTED"):
        page.goto(f"{live_server.url}/players/")


def _releases(page: Any, want: str) -> list[str]:
    """The releases the worker's caches belong to (``scwu-table-<release>`` for the static
    files, ``…-copies-<scope>`` for the pages), once ``want`` is the only one (the worker
    installs and activates in the background; looked at a few times, not timed)."""
    releases: list[str] = []
    for _ in range(50):
        names = list(page.evaluate("async () => await caches.keys()"))
        releases = sorted({name.split("-copies-")[0] for name in names})
        if releases == [want]:
            break
        page.wait_for_timeout(200)
    return releases


def _kept(page: Any, release: str, path: str) -> bool:
    """Whether one of ``release``'s caches of copies holds ``path``."""
    script = """async ([prefix, path]) => {
      for (const name of await caches.keys()) {
        if (name.startsWith(prefix) && await (await caches.open(name)).match(path)) return true;
      }
      return false;
    }"""
    for _ in range(50):
        if page.evaluate(script, [f"{release}-copies-", path]):
            return True
        page.wait_for_timeout(200)
    return False


def test_a_new_release_replaces_the_old_cache(
    live_server: Any, phones: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.views import offline

    s = make_setup(seats=4, word="TON")
    UserFactory(username="judge-iva", password="pw-judge-123")
    page = phones()
    url = f"/games/tables/{s.table.pk}/"
    sign_in(page, live_server.url, "judge-iva", "pw-judge-123", url)
    expect(page.locator("#table-app[data-offline=ready]")).to_have_count(1)
    old = f"scwu-table-{offline.release()}"
    assert _releases(page, old) == [old]

    # given a new release of the static files the worker keeps
    monkeypatch.setattr(offline, "release", lambda: "new-release-0001")
    # when the phone next opens the table page online
    page.reload()
    page.wait_for_selector("#seats .seat[data-seat=A]")
    # then the new worker took over and the old release's cache is gone
    assert _releases(page, "scwu-table-new-release-0001") == ["scwu-table-new-release-0001"]
    # and the page asked the new worker to keep this table again
    assert _kept(page, "scwu-table-new-release-0001", url)
    cut_network(page, True)
    page.reload()
    page.wait_for_selector("#seats .seat[data-seat=A]")
    expect(page.locator("#connection")).to_have_attribute("data-state", "offline")
