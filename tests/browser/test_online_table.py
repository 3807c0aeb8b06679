"""Online tables in headless Chromium against a real ASGI server (Daphne: HTTP and WebSockets).

pytest-django's ``live_server`` speaks WSGI only, so each test starts Daphne in a subprocess
on a free port. That process must see the test's rows. On SQLite the test database lives in
memory, which no other process can open: it is copied into a file with SQLite's backup API,
Daphne runs on that file, and once Daphne has stopped the file is copied back, so the test
reads what the server wrote through the ordinary ORM. On PostgreSQL (CI's second run) Daphne
simply connects to the test database. Browsers sign in with session cookies made in the test.
"""

from __future__ import annotations

import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from games.models import DealEntry, TableGame
from games.online import services
from games.online.models import OnlineGame, OnlineStatus
from games.online.throttle import RATE
from tests.factories import PlayingWordFactory, UserFactory
from tests.games.conftest import make_setup
from tournaments.models import TableKind

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
APP = "#online-app"
APP_PATH = "scwu.config.asgi:application"
WORD = "KO"  # two letters keep a whole game short (3 to 5 deals)


# -- the server -----------------------------------------------------------------------------------
@dataclass
class AsgiServer:
    port: int
    env: dict[str, str]
    log: Path
    db_file: Path | None
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), APP_PATH],
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        _wait_until_listening(self.port, self.process, self.log)

    def halt(self) -> None:
        """Stop Daphne (the database file stays as it left it)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def stop(self) -> None:
        """Stop Daphne; on SQLite bring its writes back into the test database."""
        if self.process is None:
            return
        self.halt()
        if self.db_file is not None:
            source = sqlite3.connect(self.db_file)
            try:
                source.backup(connection.connection)
            finally:
                source.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _postgres_url(db: dict[str, Any]) -> str:
    auth = quote(db["USER"] or "", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def _wait_until_listening(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"Daphne exited at start:\n{log.read_text(errors='replace')}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    pytest.fail(f"Daphne did not listen within 30 s:\n{log.read_text(errors='replace')}")


@contextmanager
def asgi_server(tmp_path: Path) -> Iterator[AsgiServer]:
    """Daphne serving ``scwu.config.asgi`` on the test's data (see the module docstring)."""
    connection.ensure_connection()
    env = dict(os.environ, DJANGO_DEBUG="1")
    env["DJANGO_SETTINGS_MODULE"] = "scwu.config.settings_test"
    db_file: Path | None = None
    if connection.vendor == "sqlite":
        db_file = tmp_path / "live.sqlite3"
        target = sqlite3.connect(db_file)
        try:
            connection.connection.backup(target)
        finally:
            target.close()
        env["SQLITE_PATH"] = str(db_file)
        env.pop("DATABASE_URL", None)
    else:
        env["DATABASE_URL"] = _postgres_url(connection.settings_dict)
    server = AsgiServer(_free_port(), env, tmp_path / "daphne.log", db_file)
    try:
        server.start()
        yield server
    finally:
        server.stop()


def session_cookie(user: User) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


# -- a player in a browser ------------------------------------------------------------------------
@dataclass
class Player:
    page: Any
    keyboard: bool
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    last_move: float = 0.0

    def todo(self) -> str:
        return str(self.page.get_attribute(APP, "data-todo"))

    def act(self, *, deal: int | None = None) -> bool:
        """Do what the table asks (pass three cards or play a legal card); False if nothing,
        or if ``deal`` is given and the table has moved on to another deal.

        A program moves far faster than a person: it keeps under the server's limit of
        messages per connection (``RATE`` a second), as any client must."""
        if time.monotonic() - self.last_move < 1.2 / RATE:
            return False
        # one read of both: the next deal's frame can land between two reads
        shown, todo = self.page.eval_on_selector(APP, "a => [a.dataset.deal, a.dataset.todo]")
        if deal is not None and shown != str(deal):
            return False
        if todo == "pass":
            if self.keyboard:
                for key in ("1", "2", "3", "Enter"):
                    self.page.keyboard.press(key)
            else:
                cards = self.page.locator("#ot-hand button.pc")
                for i in range(3):
                    cards.nth(i).click()
                self.page.click("#ot-confirm")
        elif todo == "play":
            cards = self.page.eval_on_selector_all(
                "#ot-hand button.pc", "cards => cards.map(c => [c.dataset.legal, c.disabled])"
            )
            # only legal cards can be chosen: every other card is disabled
            assert all(disabled for legal, disabled in cards if legal != "1")
            index = [legal for legal, _disabled in cards].index("1")
            if self.keyboard:
                self.page.keyboard.press(str(index + 1))
                self.page.keyboard.press("Enter")
            else:
                self.page.locator("#ot-hand button.pc").nth(index).click()
        else:
            return False
        self.moves += 1
        self.last_move = time.monotonic()
        return True


def open_player(browser: Any, server: AsgiServer, cookie: str, *, keyboard: bool) -> Player:
    """A signed-in browser; ``cookie`` was made before the server copied the database."""
    context = browser.new_context(viewport={"width": 360, "height": 780})
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    player = Player(page, keyboard)
    page.on("pageerror", lambda exc: player.errors.append(f"page error: {exc}"))

    def watch(ws: Any) -> None:
        def frame(payload: Any) -> None:
            data = json.loads(payload) if isinstance(payload, str) else {}
            # Four seats pass at once, so a pass may cross another and come back stale: the
            # page sends it again by itself. Any other refusal is a bug of the page.
            if data.get("type") == "error" and data.get("code") != "stale_version":
                player.errors.append(f"server error frame: {payload}")

        ws.on("framereceived", frame)

    page.on("websocket", watch)
    return player


def play_until_over(players: list[Player], *, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(p.todo() == "over" for p in players):
            return
        if not any([p.act() for p in players]):
            players[0].page.wait_for_timeout(15)
    pytest.fail(f"the game did not end within {seconds} s: {[p.todo() for p in players]}")


def game_over_letters(page: Any) -> dict[str, str]:
    rows = page.locator("#ot-game-over .ot-placings tr[data-seat]")
    letters: dict[str, str] = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        letters[str(row.get_attribute("data-seat"))] = row.locator("td.letters").inner_text()
    return letters


# -- the tests ------------------------------------------------------------------------------------
def test_one_player_against_three_bots_plays_a_practice_game_to_the_end(
    browser: Any, tmp_path: Path
) -> None:
    PlayingWordFactory(letters=WORD, label=WORD)
    lumir = UserFactory(username="lumir")
    cookie = session_cookie(lumir)
    with asgi_server(tmp_path) as server:
        player = open_player(browser, server, cookie, keyboard=True)
        page = player.page
        # the lobby opens the table
        page.goto(f"{server.url}/online/")
        page.select_option("select[name=word]", label=WORD)
        page.fill("input[name=bots]", "3")
        page.fill("input[name=seconds_per_action]", "120")
        page.click("#practice-create button[type=submit]")
        page.wait_for_url(re.compile(r"/online/\d+/"))
        page.wait_for_selector(f"{APP}[data-connection=connected]")
        page.wait_for_selector("#ot-hand button.pc")
        # the pattern toggle redraws the cards and lands in the URL and localStorage
        page.click("#ot-pattern")
        assert "pattern=french" in page.url
        assert page.evaluate("localStorage.getItem('scwu.pattern')") == "french"
        href = page.get_attribute("#ot-hand button.pc .pc-pip use", "href")
        assert href is not None and href.startswith("#suit-french-")
        page.focus("#ot-hand")  # from here on the keys play (Enter on a button presses it)

        play_until_over([player])

        assert page.is_visible("#ot-game-over")
        placka = page.inner_text("#ot-game-over .ot-placka")
        letters = game_over_letters(page)
        assert sorted(letters) == ["A", "B", "C", "D"]
        loser = [seat for seat, got in letters.items() if got == WORD]
        assert len(loser) == 1 and placka.startswith(f"{loser[0]} ")
        # every move was accepted; the game-over screen has nothing left to click
        assert player.errors == []
        assert page.locator("#ot-hand button.pc:not([disabled])").count() == 0
        # the last trick stays on request (L) after the game
        page.keyboard.press("l")
        assert page.locator("#ot-last-overlay .pc").count() == 4
        page.keyboard.press("Escape")
        assert page.locator("#ot-last-overlay").is_hidden()
        # the human passed in every deal (a deal can end before its turn to play comes round)
        deals = int(page.get_attribute(APP, "data-deal") or 0)
        assert deals >= len(WORD) and player.moves >= deals
        server.stop()
    game = OnlineGame.objects.get()
    assert game.status == OnlineStatus.FINISHED
    assert game.created_by == lumir
    assert not DealEntry.objects.exists()  # practice is never scored


def test_four_browsers_play_a_tournament_table_and_the_deals_are_recorded(
    browser: Any, tmp_path: Path
) -> None:
    setup = make_setup(word=WORD)
    setup.table.kind = TableKind.ONLINE
    setup.table.save(update_fields=["kind"])
    cookies = {position: session_cookie(setup.seated_user(position)) for position in "ABCD"}
    game = services.online_game_start(by=setup.director, table=setup.table, seconds_per_action=120)
    with asgi_server(tmp_path) as server:
        players = []
        for position, cookie in cookies.items():
            player = open_player(browser, server, cookie, keyboard=position in "AC")
            player.page.goto(f"{server.url}/online/{game.pk}/")
            player.page.wait_for_selector(f"{APP}[data-seat={position}][data-connection=connected]")
            players.append(player)

        play_until_over(players)

        final = [game_over_letters(p.page) for p in players]
        assert all(letters == final[0] for letters in final)  # every seat saw the same end
        deals_seen = int(players[0].page.get_attribute(APP, "data-deal") or 0)
        assert [p.errors for p in players] == [[]] * 4
        server.stop()

    score_game = TableGame.objects.get(table=setup.table)
    deals = list(
        DealEntry.objects.filter(game=score_game, undone_seq__isnull=True).order_by("number")
    )
    assert [d.number for d in deals] == list(range(1, len(deals) + 1))
    assert len(deals) == deals_seen
    assert all(d.record is not None and d.record["online"]["game"] == game.pk for d in deals)
    # the letters the browsers showed are the losers the ledger recorded, deal by deal
    recorded: dict[str, str] = {s: "" for s in "ABCD"}
    for d in deals:
        for seat in d.losers:
            recorded[seat] += WORD[len(recorded[seat])]
    assert {s: (got or "–") for s, got in recorded.items()} == final[0]
    assert score_game.status == "finished"


def test_a_spectator_follows_the_chat_its_moderation_and_a_server_restart(
    browser: Any, tmp_path: Path
) -> None:
    creator = UserFactory(username="lumir")
    watcher = UserFactory(username="watcher")
    word = PlayingWordFactory(letters=WORD, label=WORD)
    game = services.online_practice_create(by=creator, word=word, bots=3, seconds_per_action=300)
    cookies = {"creator": session_cookie(creator), "watcher": session_cookie(watcher)}
    with asgi_server(tmp_path) as server:
        host = open_player(browser, server, cookies["creator"], keyboard=False)
        guest = open_player(browser, server, cookies["watcher"], keyboard=False)
        for player in (host, guest):
            player.page.goto(f"{server.url}/online/{game.pk}/")
            player.page.wait_for_selector(f"{APP}[data-connection=connected][data-phase=pass]")
        # the spectator sees the table but no hand, and no seat waits for it
        assert guest.page.get_attribute(APP, "data-seat") == ""
        assert guest.page.locator("#ot-hand").count() == 0
        assert guest.page.get_attribute(APP, "data-todo") == "wait"
        assert host.page.locator("#ot-hand button.pc").count() == 8

        # the chat is folded on a phone; a message arrives there and is counted as unread
        host.page.click("#ot-chat summary")
        host.page.fill("#ot-chat-text", "ahoj")
        host.page.press("#ot-chat-text", "Enter")
        guest.page.wait_for_selector(
            "#ot-chat-log .ot-chat-item:has-text('ahoj')", state="attached"
        )
        assert guest.page.inner_text("#ot-chat-unread") == "1"
        # only the moderator (the game's creator) gets the hide button; hiding reaches everyone
        assert guest.page.locator("#ot-chat-log .ot-hide").count() == 0
        host.page.click("#ot-chat-log .ot-hide")
        guest.page.wait_for_selector("#ot-chat-log .ot-chat-item.hidden", state="attached")
        assert "ahoj" not in guest.page.text_content("#ot-chat-log")

        # the server restarts: both pages say so, reconnect by themselves and resync
        version = host.page.get_attribute(APP, "data-version")
        server.halt()
        for player in (host, guest):
            player.page.wait_for_selector(f"{APP}[data-connection=reconnecting]")
            assert player.page.is_visible("#ot-banner")
        server.start()
        for player in (host, guest):
            player.page.wait_for_selector(f"{APP}[data-connection=connected]", timeout=30_000)
            assert player.page.is_hidden("#ot-banner")
        assert host.page.get_attribute(APP, "data-version") == version
        host.page.wait_for_selector("#ot-hand button.pc")
        assert host.page.get_attribute(APP, "data-todo") == "pass"
        assert host.errors == [] and guest.errors == []
