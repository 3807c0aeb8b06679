"""Match day on phones, under the real CSP: a referee rules on an earlier deal of a table of
five by its number, the director appeals, the commission overturns it; who dealt and who sat
out stay as played throughout, and the standings return exactly to what they were."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.games.conftest import make_setup

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.matchday,
]


def _deals(page: Any) -> list[dict[str, Any]]:
    """The table page's own data: every deal as the page knows it."""
    return list(json.loads(page.locator("#table-state").text_content())["deals"])


def _as_played(deals: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(d["number"], d["dealer"], tuple(d["sitting_out"])) for d in deals]


def _standings(page: Any, url: str) -> list[str]:
    page.goto(url)
    rows = page.locator("#standings tbody tr")
    expect(rows.first).to_be_visible()
    return list(rows.all_inner_texts())


def test_a_ruling_by_deal_number_and_an_appeal_that_overturns_it(
    live_server: Any, phones: Any
) -> None:
    s = make_setup(seats=5, word="TONDA")
    base = live_server.url
    table_url = f"/games/tables/{s.table.pk}/"
    results_url = f"{base}/tournaments/{s.tournament.slug}/results/"

    # the line judge records six deals at the table of five (one seat sits out each deal)
    judge = phones()
    sign_in(judge, base, s.judge.username, "pw", table_url)
    judge.on("dialog", lambda dialog: dialog.accept())
    for deal in range(1, 7):
        order = "ABCDE"[deal % 5 :] + "ABCDE"[: deal % 5]
        seat = next(
            x for x in order if judge.locator(f"#seats button.seat[data-seat={x}]").is_enabled()
        )
        judge.click(f"#seats button.seat[data-seat={seat}]")
        expect(judge.locator("#deal-log li")).to_have_count(deal)
    judge.reload()
    played = _deals(judge)
    assert all(len(d["sitting_out"]) == 1 for d in played)
    third = played[2]
    offender = next(
        x for x in "ABCDE" if x not in third["sitting_out"] and x not in third["losers"]
    )
    public = phones()
    before = _standings(public, results_url)

    # the head referee rules on deal 3 by its number: the offender loses that deal
    referee = phones()
    sign_in(referee, base, s.head_referee.username, "pw", table_url)
    referee.click("#ruling-box summary")
    referee.fill("#id_ruling-deal_number", "3")
    referee.select_option("#id_ruling-kind", "A")
    referee.select_option("#id_ruling-offender", offender)
    referee.select_option("#id_ruling-penalty", "loses_deal")
    referee.fill("#id_ruling-reason", "revoked in hearts")
    referee.click("#ruling-submit")
    expect(referee.locator('#deal-log li[value="3"]')).to_contain_text(f"A {offender}")
    ruled = _deals(referee)
    assert ruled[2]["losers"] == [offender]
    assert _as_played(ruled) == _as_played(played)  # nobody's deal or sit-out was rewritten
    changed = _standings(public, results_url)
    assert changed != before

    # the director appeals from the table page, the commission overturns on its page
    director = phones()
    sign_in(director, base, s.director.username, "pw", table_url)
    director.click("#appeal-box summary")
    director.fill("#id_appeal-grounds", "the card was a leaf, no revoke")
    director.click("#appeal-submit")
    expect(director.locator(".messages")).to_be_visible()

    commission = phones()
    sign_in(commission, base, s.commission.username, "pw", table_url)
    dashboard = f"/tournaments/{s.tournament.slug}/rounds/{s.round.number}/dashboard/"
    commission.click(f"a[href='{dashboard}']")
    commission.click("#appeals-link")
    appeal = commission.locator("#pending-appeals article").first
    appeal.locator("input[type=radio][value=overturn]").check()
    appeal.locator("textarea, input[type=text]").first.fill("no revoke: the card was a leaf")
    appeal.locator("button[type=submit]").click()
    expect(commission.locator("#decided-appeals tbody tr[data-appeal]")).to_have_count(1)

    # the letters return, who dealt and sat out stays as played, the standings are as before
    referee.goto(base + table_url)
    overturned = _deals(referee)
    assert [d["losers"] for d in overturned] == [d["losers"] for d in played]
    assert _as_played(overturned) == _as_played(played)
    assert all(d["counted"] for d in overturned)
    assert _standings(public, results_url) == before
