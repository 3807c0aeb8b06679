"""A practice game against three hard (search) bots in headless Chromium, under the site's
real content security policy: the player's clock runs out and the game pauses for them (no
bot takes the seat), they play on at once, finish the deal and open its review."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from games.online import services
from games.online.models import OnlineGame
from tests.browser.test_online_table import APP, asgi_server, open_player, session_cookie
from tests.factories import PlayingWordFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_hard_bots_a_paused_clock_and_the_review_of_the_deal(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCWU_BOT_HARD_MS", "30")  # the server's hard bots think 30 ms
    word = PlayingWordFactory(letters="KOS", label="KOS", status="approved")
    lumir = UserFactory(username="lumir")
    cookie = session_cookie(lumir)
    game = services.online_practice_create(
        by=lumir, word=word, bots=3, bot_level="hard", seconds_per_action=5, grace_seconds=0
    )
    with asgi_server(tmp_path) as server:
        player = open_player(browser, server, cookie, keyboard=True)
        page = player.page
        page.goto(f"{server.url}/online/{game.pk}/")
        page.wait_for_selector(f"{APP}[data-connection=connected]")
        page.wait_for_selector("#ot-hand button.pc")
        assert "Bot B (hard)" in page.inner_text("#ot-felt")

        # Nobody moves: 5 s and no grace later the game pauses for A; no bot takes the seat.
        todo = player.todo()
        assert todo in ("pass", "play")
        page.wait_for_selector("#ot-banner:not([hidden])", timeout=20_000)
        assert "paused until they are back" in page.inner_text("#ot-banner")
        assert "bot playing for" not in page.inner_text("#ot-felt")
        assert player.todo() == todo, "the game waited for A"

        # A plays on at once (by the keys the help names), the hard bots answer, the deal
        # ends: its review opens. A acts in deal 1 only: passing into deal 2 would start its
        # play and close the summary of deal 1.
        page.focus("#ot-hand")
        deadline = time.monotonic() + 120
        while page.locator("#ot-summary:not([hidden])").count() == 0:
            assert time.monotonic() < deadline, "the first deal did not end within 120 s"
            if not player.act(deal=1):
                page.wait_for_timeout(20)
        assert page.locator("#ot-banner").is_hidden() or "paused" in page.inner_text("#ot-banner")
        review = page.locator("#ot-summary a.ot-review")
        assert review.count() == 1
        assert review.get_attribute("href") == f"/online/{game.pk}/deals/1/review/?seat=A"
        review.click()
        page.wait_for_url(re.compile(r"/deals/1/review/"))
        page.wait_for_selector("#review-decisions tbody tr")
        assert "Seen from seat A" in page.inner_text("#review-summary")
        assert player.errors == []
        server.stop()
    row = OnlineGame.objects.get(pk=game.pk)
    assert not row.seats.get(seat="A").bot_takeover
    assert row.bot_level == "hard"
