"""The table page keeps recording deals while the network is cut, and sends them once it returns.

The network cut is Playwright's offline emulation: the page's fetches fail as they would on a
dead Wi-Fi while the live server keeps running, so the database can be checked afterwards.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games import services
from games.models import DealEntry
from tests.browser.conftest import cut_network
from tests.factories import UserFactory
from tests.games.conftest import Setup, make_setup

# Cutting the network under a service worker goes through Playwright's experimental worker
# network events (``cut_network``: route aborts beside set_offline); a cut that lands a moment
# late lets a request through now and then. A real failure fails all three runs.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.flaky(reruns=2)]

# The deal address, with the page's ?ahead=N.
DEALS = re.compile(r"/deals/(\?.*)?$")


def _table_page(page: Any, live_server: Any) -> Setup:
    s = make_setup(word="TONDA")
    judge = UserFactory(username="judge-olga", password="pw-judge-123")
    s.table.line_judge = judge
    s.table.save()
    url = f"/games/tables/{s.table.pk}/"
    page.goto(f"{live_server.url}/accounts/login/?next={url}")
    page.fill("input[name=login]", "judge-olga")
    page.fill("input[name=password]", "pw-judge-123")
    page.click("form.form button[type=submit]")
    page.wait_for_selector("#seats button.seat[data-seat=C]")
    page.on("dialog", lambda dialog: dialog.accept())
    return s


def _recorded(page: Any, count: int) -> None:
    expect(page.locator("#deal-log li")).to_have_count(count)


def _live_losers(s: Setup) -> list[tuple[int, list[str]]]:
    deals = DealEntry.objects.filter(game__table=s.table, undone_seq__isnull=True).order_by(
        "number"
    )
    return [(deal.number, deal.losers) for deal in deals]


def test_deals_recorded_offline_wait_as_pending_and_are_sent_once(
    live_server: Any, page: Any
) -> None:
    s = _table_page(page, live_server)
    page.click("#seats button.seat[data-seat=A]")
    _recorded(page, 1)

    # given the network is cut mid-game
    cut_network(page, True)
    for seat in "BCD":
        page.click(f"#seats button.seat[data-seat={seat}]")
    # then the three deals wait on the phone, numbered 2-4, and nothing reached the server
    expect(page.locator("#pending-log li")).to_have_count(3)
    pending = page.locator("#pending-log li").all_inner_texts()
    assert [text.split(":")[0] for text in pending] == ["Deal 4", "Deal 3", "Deal 2"]
    assert all("pending" in text for text in pending)
    assert page.is_visible("#sync")
    # (the page keeps trying, so the line shows "Sending…" now and then: wait for the count)
    expect(page.locator("#sync")).to_contain_text("3 deals wait")
    assert _live_losers(s) == [(1, ["A"])]

    # when the connection returns
    cut_network(page, False)
    _recorded(page, 4)
    page.wait_for_selector("#sync", state="hidden")

    # then every deal is recorded exactly once, in order, and the outbox is empty
    assert _live_losers(s) == [(1, ["A"]), (2, ["B"]), (3, ["C"]), (4, ["D"])]
    assert DealEntry.objects.filter(game__table=s.table).count() == 4
    prefix = f"scwu.table.{s.table.pk}.outbox"
    kept = page.evaluate("p => Object.keys(localStorage).filter(k => k.startsWith(p))", prefix)
    assert kept == []  # an empty outbox leaves no trace of who recorded here


def test_a_deal_whose_answer_was_lost_is_resent_without_being_recorded_twice(
    live_server: Any, page: Any
) -> None:
    s = _table_page(page, live_server)
    answers_lost = {"count": 0}

    def lose_the_answer(route: Any) -> None:
        # The request reaches the server and is recorded; the phone never hears back.
        route.fetch()
        answers_lost["count"] += 1
        route.abort("connectionreset")

    page.route(DEALS, lose_the_answer)
    page.click("#seats button.seat[data-seat=B]")
    page.wait_for_selector("#sync.warn")  # sent, no answer: waiting for the next try
    assert answers_lost["count"] >= 1
    assert _live_losers(s) == [(1, ["B"])]

    page.unroute(DEALS)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    _recorded(page, 1)
    page.wait_for_selector("#sync", state="hidden")
    assert DealEntry.objects.filter(game__table=s.table).count() == 1


def test_a_deal_number_taken_meanwhile_is_put_to_the_referee(live_server: Any, phones: Any) -> None:
    page = phones()
    s = _table_page(page, live_server)
    page.click("#seats button.seat[data-seat=A]")
    _recorded(page, 1)

    # given this phone records deal 2 and 3 offline while another judge records deal 2
    cut_network(page, True)
    page.click("#seats button.seat[data-seat=C]")
    page.click("#seats button.seat[data-seat=D]")
    expect(page.locator("#pending-log li")).to_have_count(2)
    services.deal_record(by=s.head_referee, table=s.table, number=2, losers=["B"])
    cut_network(page, False)

    # then both versions of deal 2 are shown, and nothing of this phone's was recorded
    page.wait_for_selector("#conflict", state="visible")
    assert "B lost" in page.inner_text("#conflict-text")
    assert "C lost" in page.inner_text("#conflict-mine")
    assert _live_losers(s) == [(1, ["A"]), (2, ["B"])]
    assert page.locator("#pending-log li").count() == 2

    # when the referee keeps this phone's deal as the next one, the box says what stays
    expect(page.locator("#conflict-next")).to_have_text("Record mine as deal 3")
    page.click("#conflict-next")
    # the choices give way to the confirmation
    expect(page.locator("#conflict-discard")).to_be_hidden()
    expect(page.locator("#conflict-confirm")).to_have_text("Record mine as deal 3")
    consequence = page.inner_text("#conflict-consequence")
    assert "Deal 2 stays as the other recorder entered it (B lost)" in consequence
    assert "Yours (C lost) is recorded after it as deal 3" in consequence
    assert _live_losers(s) == [(1, ["A"]), (2, ["B"])]  # nothing sent before the confirmation
    page.click("#conflict-confirm")
    _recorded(page, 4)

    # then it becomes deal 3, the deal after it deal 4, and nothing is lost or doubled
    page.wait_for_selector("#conflict", state="hidden")
    assert _live_losers(s) == [(1, ["A"]), (2, ["B"]), (3, ["C"]), (4, ["D"])]


def test_the_referee_may_discard_a_deal_someone_else_recorded_first(
    live_server: Any, phones: Any
) -> None:
    page = phones()
    s = _table_page(page, live_server)
    cut_network(page, True)
    page.click("#seats button.seat[data-seat=C]")
    expect(page.locator("#pending-log li")).to_have_count(1)
    services.deal_record(by=s.head_referee, table=s.table, number=1, losers=["C"])
    cut_network(page, False)

    page.wait_for_selector("#conflict", state="visible")
    page.click("#conflict-discard")
    expect(page.locator("#conflict-next")).to_be_hidden()
    expect(page.locator("#conflict-confirm")).to_have_text("Yes, discard mine")
    # a second look before anything is dropped: what stays, what happens to this phone's deal
    consequence = page.inner_text("#conflict-consequence")
    assert "Deal 1 stays as the other recorder entered it (C lost)" in consequence
    assert "is deleted from this phone and never recorded" in consequence
    page.click("#conflict-back")
    expect(page.locator("#conflict-discard")).to_be_visible()
    assert page.locator("#pending-log li").count() == 1
    page.click("#conflict-discard")
    page.click("#conflict-confirm")
    page.wait_for_selector("#conflict", state="hidden")
    _recorded(page, 1)
    assert page.locator("#pending-log li").count() == 0
    assert _live_losers(s) == [(1, ["C"])]
