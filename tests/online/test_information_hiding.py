"""Information hiding: at every version played (a whole deal, the next deal and its pass),
every seat's frames hold exactly its own engine view, and no frame (seat or spectator)
names a card another seat holds or a passed card not yet given."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from engine import SEATS, Game, Seat, public_view, seat_view
from engine.cards import CODES
from games.online.models import OnlineGame
from games.online.replay import game_replay
from tests.factories import PlayingWordFactory
from tests.online.conftest import Ws, practice_of_four, run, ws_connect

pytestmark = pytest.mark.django_db(transaction=True)

CARD_CODES = set(CODES)


def card_strings(value: object) -> set[str]:
    """Every card code anywhere in a frame."""
    if isinstance(value, str):
        return {value} if value in CARD_CODES else set()
    if isinstance(value, dict):
        return set().union(*(card_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_strings(v) for v in value)) if value else set()
    return set()


def cards(mask: int) -> set[str]:
    return {CODES[i] for i in range(32) if mask >> i & 1}


def hidden_from(game: Game, seat: Seat | None) -> set[str]:
    """Cards ``seat`` (None: a spectator) must not see: other hands, passes in flight."""
    deal = game.deal
    hidden: set[str] = set()
    for other in SEATS:
        if other == seat:
            continue
        hidden |= cards(deal.hand_mask(other))
        passed = deal.passed_mask(other)
        if passed and not deal.has_passed(other.left):
            hidden |= cards(passed)  # passed, but not given: the receiver has not passed yet
    if seat is not None:
        passed_to_me = deal.passed_mask(seat.right)
        if passed_to_me and not deal.has_passed(seat):
            hidden |= cards(passed_to_me)
        hidden -= cards(deal.passed_mask(seat))  # a seat knows the cards it passed on
    return hidden


def state_at(row: OnlineGame, version: int) -> Game:
    probe = OnlineGame(
        pk=row.pk,
        word_letters=row.word_letters,
        ruleset=row.ruleset,
        seed=row.seed,
        actions=row.actions[:version],
    )
    return game_replay(probe)


def move_of(frame: dict[str, Any]) -> dict[str, Any] | None:
    view = frame["view"]
    if frame["game"]["finished"]:
        return None
    if view["must_pass"]:
        return {"type": "pass", "cards": view["hand"][-3:]}
    if view["phase"] == "play" and view["turn"] == frame["you"]:
        return {"type": "play", "card": view["legal_cards"][-1]}
    return None


def test_no_frame_shows_another_seats_cards_at_any_step(human: User) -> None:
    short_word = PlayingWordFactory(letters="KO", label="KO", status="approved")
    game, users = practice_of_four(human, short_word)

    async def play() -> dict[str, list[dict[str, Any]]]:
        clients: dict[str, Ws] = {s: await ws_connect(game, users[s]) for s in "ABCD"}
        spectator = await ws_connect(game, None)
        clients[""] = spectator
        latest: dict[str, dict[str, Any]] = {s: await c.state() for s, c in clients.items()}
        for _ in range(2000):
            # One whole deal, the deal change, and the next deal's pass (every phase).
            now = latest["A"]
            if now["game"]["finished"] or (
                now["game"]["deal_number"] >= 2 and now["view"]["phase"] == "play"
            ):
                break
            version = max(f["version"] for f in latest.values())
            for seat in "ABCD":
                frame = latest[seat]
                move = move_of(frame) if frame["version"] == version else None
                if move is not None:
                    await clients[seat].send({"type": "action", "version": version, "action": move})
                    break
            for key, client in clients.items():
                for got in await client.drain(timeout=0.01):
                    if got["type"] == "state":
                        latest[key] = got
        for client in clients.values():
            await client.close()
        return {key: client.frames for key, client in clients.items()}

    frames = run(play)
    row = OnlineGame.objects.get(pk=game.pk)
    assert frames["A"][-1]["game"]["deal_number"] >= 2, "a whole deal was played"
    checked = 0
    for key, received in frames.items():
        seat = Seat.parse(key) if key else None
        for frame in received:
            if frame["type"] == "error":
                assert frame["code"] == "stale_version", frame  # the driver raced itself
                continue
            if frame["type"] != "state":
                assert frame["type"] == "chat_log", frame
                continue
            engine_game = state_at(row, frame["version"])
            expected = (
                public_view(engine_game.deal) if seat is None else seat_view(engine_game.deal, seat)
            )
            assert frame["you"] == (key or None)
            assert frame["view"] == expected
            leaked = card_strings(frame) & hidden_from(engine_game, seat)
            assert not leaked, (key, frame["version"], leaked)
            checked += 1
    assert checked > 5 * 30
