"""The director's desk on a phone (390x844) under the real CSP: tick-box lists that are lists,
check-in answered in place with the page kept where it was, the entries' filter, and a
new-tournament form that shows what the chosen format needs and starts from the series."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import LISTEN_VIOLATIONS, sign_in
from tests.factories import (
    ClubFactory,
    EntryFactory,
    PlayerFactory,
    SeasonFactory,
    SeriesFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import EntryStatus, TournamentStatus

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

#: Where no list may scroll inside the page (an element scrolling its own content).
INNER_SCROLLERS = """list => {
  const found = [];
  for (let el = list; el && el !== document.body; el = el.parentElement) {
    const style = getComputedStyle(el);
    if (["auto", "scroll"].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
      found.push(el.className || el.tagName);
  }
  list.querySelectorAll("*").forEach(el => {
    const style = getComputedStyle(el);
    if (["auto", "scroll"].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
      found.push(el.className || el.tagName);
  });
  return found;
}"""


def _director() -> Any:
    return UserFactory(username="dana", password="pw-dana-123", roles=["director"])


def _sign_in(page: Any, base: str, next_url: str) -> None:
    page.add_init_script(script=f"({LISTEN_VIOLATIONS})()")
    sign_in(page, base, "dana", "pw-dana-123", next_url)


def test_tick_box_lists_are_lists(live_server: Any, phones: Any) -> None:
    for i in range(30):
        UserFactory(username=f"judge{i:02}", first_name="Judge", last_name=f"Number{i:02}")
    UserFactory(username="jana", first_name="Jana", last_name="Nováková")
    for i in range(12):
        ClubFactory(name=f"Club {i:02}")
    _director()
    page = phones()
    _sign_in(page, live_server.url, "/tournaments/new/")

    judges = page.locator(".pick-list:has(#id_line_judges)")
    rows = judges.locator(".pick-option")
    assert rows.count() == 32  # every active account: the 31 here and the director
    assert page.locator("select[multiple]").count() == 0  # no ctrl-click anywhere on the form
    for index in (0, 5, 31):
        row = rows.nth(index)
        row.scroll_into_view_if_needed()
        box = row.locator("input[type=checkbox]").bounding_box()
        name = row.locator(".pick-name").bounding_box()
        whole = row.bounding_box()
        assert box and name and whole
        # the box beside its name: just left of it, on the same line, at the row's start
        assert box["x"] + box["width"] <= name["x"] <= box["x"] + box["width"] + 24
        assert abs((box["y"] + box["height"] / 2) - (name["y"] + name["height"] / 2)) < 6
        assert box["x"] - whole["x"] < 24
        assert whole["height"] >= 44 and whole["width"] >= 44  # a thumb's target
    # the whole list in the page's flow: no box scrolling inside the page
    assert judges.evaluate(INNER_SCROLLERS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # the filter hides the names that do not match (no accents needed), ticks survive it
    rows.filter(has_text="Judge Number07").locator("input").check()
    judges.locator(".pick-filter").fill("novak")
    expect(rows.filter(has_text="Jana Nováková")).to_be_visible()
    expect(rows.filter(has_text="Judge Number01")).to_be_hidden()
    expect(judges.locator(".pick-option:visible")).to_have_count(1)
    judges.locator(".pick-filter").fill("zzz")
    expect(judges.locator(".pick-none")).to_be_visible()
    judges.locator(".pick-filter").fill("")
    expect(judges.locator(".pick-option:visible")).to_have_count(32)
    assert rows.filter(has_text="Judge Number07").locator("input").is_checked()
    # host clubs: the same list
    clubs = page.locator(".pick-list:has(#id_host_clubs) .pick-option")
    expect(clubs).to_have_count(12)
    clubs.first.click()  # a tap anywhere on the row ticks its box
    assert clubs.first.locator("input").is_checked()
    assert page.evaluate("window.__violations") == []


def test_check_in_answers_in_place_and_the_page_stays_put(live_server: Any, phones: Any) -> None:
    tournament = TournamentFactory(status=TournamentStatus.REGISTRATION)
    north = ClubFactory(name="North Cats")
    entries = [
        EntryFactory(
            tournament=tournament,
            player=PlayerFactory(nickname=f"Cat {i:02}"),
            club=north if i % 3 == 0 else None,
            status=EntryStatus.REGISTERED,
        )
        for i in range(24)
    ]
    tournament.directors.add(_director())
    page = phones()
    _sign_in(page, live_server.url, f"/tournaments/{tournament.slug}/entries/")
    navigations: list[str] = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))

    row = page.locator(f"#entry-{entries[20].pk}")
    row.scroll_into_view_if_needed()
    before = page.evaluate("() => window.scrollY")
    assert before > 300
    row.locator("button.check-in").click()
    expect(page.locator(f"#entry-{entries[20].pk} button.check-in.on")).to_be_visible()
    assert page.evaluate("() => window.scrollY") == before
    expect(page.locator("#entries-summary")).to_contain_text("1 of 24")
    # and back: the same button undoes it, still in place
    page.locator(f"#entry-{entries[20].pk} button.check-in").click()
    expect(page.locator(f"#entry-{entries[20].pk} button.check-in:not(.on)")).to_be_visible()
    assert page.evaluate("() => window.scrollY") == before
    assert navigations == []
    entries[20].refresh_from_db()
    assert entries[20].status == EntryStatus.REGISTERED

    # the filter: as the director types, by club, by status (the address follows it, the page
    # is not loaded again)
    page.evaluate("() => { window.scrollTo(0, 0); window.__same_page = true; }")
    page.fill("#entries-filter input[name=name]", "cat 2")
    expect(page.locator("#entry-rows .entry-row:visible")).to_have_count(4)  # 20 … 23
    page.fill("#entries-filter input[name=name]", "")
    page.select_option("#entries-filter select[name=club]", label="North Cats")
    expect(page.locator("#entry-rows .entry-row:visible")).to_have_count(8)
    page.locator("#entry-rows .entry-row:visible button.check-in").first.click()
    expect(page.locator("#entry-rows button.check-in.on")).to_have_count(1)
    page.select_option("#entries-filter select[name=status]", "registered")
    expect(page.locator("#entry-rows .entry-row:visible")).to_have_count(7)
    assert page.evaluate("() => window.__same_page") is True
    assert "club=" in page.url and "status=registered" in page.url  # a reload keeps it
    page.reload()
    expect(page.locator("#entry-rows .entry-row:visible")).to_have_count(7)
    assert page.evaluate("window.__violations") == []


def test_the_new_tournament_form_shows_what_the_format_needs(live_server: Any, phones: Any) -> None:
    season = SeasonFactory(year=2026)
    series = SeriesFactory(name="Classic", slug="classic")
    for edition in range(1, 12):
        TournamentFactory(series=series, season=season, edition=edition, theme="Detectives")
    SeriesFactory(name="GreenHorn", slug="greenhorn")
    _director()
    page = phones()
    _sign_in(page, live_server.url, "/tournaments/new/")

    league_points = page.locator(".field-league_points")
    small_final_size = page.locator(".field-small_final_size")
    expect(league_points).to_be_hidden()  # an ordinary event: no league fields
    expect(page.locator(".field-league_scoring")).to_be_hidden()
    expect(small_final_size).to_be_hidden()  # no small final ticked, no size
    expect(page.locator(".field-final_size")).to_be_visible()
    expect(page.locator(".field-sit_out_rule")).to_be_hidden()  # folded with the rare rules
    page.select_option("select[name=format]", "league")
    expect(league_points).to_be_visible()
    page.select_option("select[name=format]", "event")
    expect(league_points).to_be_hidden()
    page.check("input[name=has_small_final]")
    expect(small_final_size).to_be_visible()

    # the series' next edition, from the server, when the series is chosen
    assert page.input_value("input[name=edition]") == "1"
    page.select_option("select[name=series]", label="Classic")
    expect(page.locator("input[name=edition]")).to_have_value("12")
    expect(page.locator("select[name=theme]")).to_have_value("Detectives")
    expect(page.locator("#series-note")).to_be_visible()
    page.select_option("select[name=series]", label="GreenHorn")
    expect(page.locator("input[name=edition]")).to_have_value("1")

    # the same without script: the form's address carries the series
    page.goto(f"{live_server.url}/tournaments/new/?series=classic")
    assert page.input_value("input[name=edition]") == "12"
    assert page.evaluate("window.__violations") == []
