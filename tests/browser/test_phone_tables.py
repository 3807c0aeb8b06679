"""Wide tables, the referee dashboard and the table page's controls on a 390x844 phone, under
the real CSP: a table wider than the screen scrolls inside its labelled, focusable wrapper
with a visible hint, the dashboard stacks its cards in one column, and the controls a thumb
uses measure at least 44x44 CSS px."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from tests.browser.conftest import LISTEN_VIOLATIONS, sign_in
from tests.games.conftest import make_setup
from tests.tournaments.results_setup import make_scene

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.matchday,
]

THUMB = 44


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return box  # type: ignore[no-any-return]


#: The controls a thumb works on a page (tick boxes are their labels' business).
CONTROLS = (
    "main button, main select, main summary, main .tabs a, "
    "main input:not([type=checkbox]):not([type=radio])"
)

#: Every visible control's box, measured in one go (Playwright's "visible": a box that is not
#: empty, and not visibility: hidden). One snapshot, because the table page re-renders its
#: buttons when its state arrives: controls listed first and measured one by one could be
#: replaced in between (a whole run once met one that was gone when measured).
_BOXES = """(selector) => Array.from(document.querySelectorAll(selector)).flatMap((node) => {
  const box = node.getBoundingClientRect();
  const shown = box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== "hidden";
  const control = node.outerHTML.slice(0, 120);
  return shown ? [{control: control, width: box.width, height: box.height}] : [];
})"""


def _all_fit_a_thumb(page: Any) -> None:
    boxes = page.evaluate(_BOXES, CONTROLS)
    assert boxes
    for box in boxes:
        assert box["width"] >= THUMB and box["height"] >= THUMB, box


def test_live_results_scroll_inside_their_wrapper_with_a_hint(
    live_server: Any, phones: Any
) -> None:
    cache.clear()
    scene = make_scene()
    scene.setup.lose("C")
    page = phones()
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    page.goto(f"{live_server.url}/tournaments/{scene.slug}/results/")
    wrapper = page.locator("[data-wide-table]", has=page.locator("#standings"))
    scroller = wrapper.locator(".wide-table-scroll")
    # a labelled region the keyboard can reach (axe: scrollable-region-focusable)
    expect(scroller).to_have_attribute("role", "region")
    expect(scroller).to_have_attribute("tabindex", "0")
    expect(scroller).to_have_attribute("aria-label", "Standings")
    # the table is wider than the phone: the hint shows, the far edge fades
    expect(wrapper).to_have_attribute("data-overflowing", "")
    expect(wrapper.locator(".wide-table-hint")).to_be_visible()
    expect(wrapper.locator(".wide-table-hint")).to_have_text("Scroll for more columns →")
    # the page itself never scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    frame = _box(scroller)
    placky = page.locator("#standings th", has_text="Placky")
    assert _box(placky)["x"] + _box(placky)["width"] > frame["x"] + frame["width"]
    # the player's name stays in view while the table scrolls to Placky
    name = page.locator("#standings tr", has_text="ONDRA").locator("td").nth(1)
    before = _box(name)["x"]
    scroller.focus()
    for _ in range(40):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('[data-wide-table] #standings')"
        ".closest('[data-wide-table]').hasAttribute('data-at-end')"
    )
    shown = _box(placky)
    assert frame["x"] <= shown["x"] and shown["x"] + shown["width"] <= frame["x"] + frame["width"]
    assert _box(name)["x"] == before
    ondra_placky = page.locator("#standings tr", has_text="ONDRA").locator("td").nth(5)
    expect(ondra_placky).to_be_visible()
    _all_fit_a_thumb(page)
    assert page.evaluate("() => window.__violations") == []


def test_the_dashboard_shows_one_column_of_cards(live_server: Any, phones: Any) -> None:
    s = make_setup(seats=4)
    for number in (2, 3):
        table = s.table.__class__.objects.create(round=s.round, number=number)
        for seat in s.table.seats.all():
            table.seats.create(position=seat.position, entry=seat.entry)
    page = phones()
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    url = f"/tournaments/{s.tournament.slug}/rounds/{s.round.number}/dashboard/"
    sign_in(page, live_server.url, s.head_referee.username, "pw", url)
    cards = page.locator(".dash-table")
    expect(cards).to_have_count(3)
    boxes = [_box(card) for card in cards.all()]
    # one column: every card starts at the same x, each below the one before
    assert len({round(box["x"]) for box in boxes}) == 1
    assert all(b["y"] > a["y"] + a["height"] - 1 for a, b in pairwise(boxes))
    assert boxes[0]["width"] > 300
    # the rulings table is in the same wrapper as every wide table
    rulings = page.locator(".wide-table-scroll[aria-label=Rulings]")
    expect(rulings).to_have_attribute("tabindex", "0")
    # the referee's buttons, fields and fold-outs fit a thumb
    _all_fit_a_thumb(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate("() => window.__violations") == []


def test_the_points_entry_controls_fit_a_thumb(live_server: Any, phones: Any) -> None:
    s = make_setup(seats=4)
    page = phones()
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    sign_in(page, live_server.url, s.judge.username, "pw", f"/games/tables/{s.table.pk}/")
    page.click("#points-entry summary")
    expect(page.locator("#points-fields input")).to_have_count(4)
    controls = [
        "#points-entry summary",
        "#points-end",
        "#points-hejma",
        "#points-submit",
        "#misdeal",
        "#undo",
        "#call-referee",
    ]
    for selector in controls:
        box = _box(page.locator(selector))
        assert box["width"] >= THUMB and box["height"] >= THUMB, (selector, box)
    for field in page.locator("#points-fields input").all():
        box = _box(field)
        assert box["width"] >= THUMB and box["height"] >= THUMB, box
    _all_fit_a_thumb(page)
    assert page.evaluate("() => window.__violations") == []
