"""A tie at the small final's cut, settled from the pages under the real CSP: the rounds page
says which cut is tied and offers the play-off; its button seats it, the play-off is scored at
its table page, and the small final is then drawn with the player the play-off put through."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.browser.test_matchday_event import _create_round, _draw_and_publish, _play, _state
from tests.factories import PlayingWordFactory, UserFactory
from tests.tournaments.results.conftest import make_event
from tournaments.models import Round, RoundStage, TableSeat

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_a_tie_at_the_small_finals_cut_is_settled_from_the_pages(
    live_server: Any, page: Any
) -> None:
    base = live_server.url
    # Twelve players, one basic round played: c g k 1st, a e i 4th (the final of six),
    # b f j 7th, and d h l tied at 10th for the small final's last seat (of four).
    e = make_event("abcdefghijkl", final_size=6, has_small_final=True, small_final_size=4)
    r1 = e.round("abcd", "efgh", "ijkl")
    e.play(r1, 1, "abbddddd")
    e.play(r1, 2, "effhhhhh")
    e.play(r1, 3, "ijjlllll")
    director = UserFactory(username="director-cut", password="pw-director-cut")
    e.tournament.directors.add(director)
    slug = e.tournament.slug
    final_word = PlayingWordFactory(letters="MYŠ", label="MYŠ")

    sign_in(page, base, "director-cut", "pw-director-cut", f"/tournaments/{slug}/rounds/")
    page.on("dialog", lambda dialog: dialog.accept())
    card = page.locator("#playoff-create")
    expect(card).to_contain_text("The small final's cut is tied at place 10")
    # The small final is not offered while its cut is tied; the final is.
    expect(page.locator("#id_stage option[value=small_final]")).to_have_count(0)
    expect(page.locator("#id_stage option[value=final]")).to_have_count(1)

    card.locator("button[type=submit]").click()
    href = page.locator(".draw-table .table-page-link a").first.get_attribute("href")
    page.goto(base + str(href))
    seat_of = {seat["player"]: seat["seat"] for seat in _state(page)["seats"]}
    through, second, out = (e.p[x].player.nickname for x in "dlh")
    assert {through, second, out} <= set(seat_of)
    # l loses a deal, then h completes TONDA: d goes through to the small final.
    _play(page, seat_of[second] + seat_of[out] * 5)

    page.goto(f"{base}/tournaments/{slug}/rounds/")
    expect(page.locator("#playoff-create")).to_have_count(0)
    _create_round(page, slug, final_word, RoundStage.FINAL)
    _draw_and_publish(page, "seeded_final")
    _create_round(page, slug, final_word, RoundStage.SMALL_FINAL)
    _draw_and_publish(page, "seeded_final")
    small = Round.objects.get(tournament=e.tournament, stage=RoundStage.SMALL_FINAL)
    seated = set(TableSeat.objects.filter(table__round=small).values_list("entry_id", flat=True))
    assert seated == {e.p[x].pk for x in "bfjd"}


def test_the_rounds_page_before_round_one_offers_no_playoff(live_server: Any, page: Any) -> None:
    e = make_event("abcdefghijkl", final_size=4)  # twelve checked in, no round played
    director = UserFactory(username="director-early", password="pw-director-early")
    e.tournament.directors.add(director)
    slug = e.tournament.slug
    sign_in(
        page, live_server.url, "director-early", "pw-director-early", f"/tournaments/{slug}/rounds/"
    )
    expect(page.locator("#round-create")).to_be_visible()
    expect(page.locator("#playoff-create")).to_have_count(0)
    expect(page.locator("#id_stage option[value=final]")).to_have_count(0)
    expect(page.locator("#round-create")).to_contain_text("No basic round has been played yet")
    page.goto(f"{live_server.url}/tournaments/{slug}/results/")
    expect(page.locator("body")).not_to_contain_text("The cut is tied")
