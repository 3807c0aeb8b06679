"""A whole practice game over the WebSocket: one human against three bots, to the end."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import DealEntry
from games.online import consumers, services
from games.online.models import OnlineGame, OnlineStatus
from tests.online.conftest import run, ws_connect

pytestmark = pytest.mark.django_db(transaction=True)


def choose(frame: dict[str, Any]) -> dict[str, Any] | None:
    """The human's move in a state frame: the first three cards to pass, the first legal card."""
    view = frame["view"]
    if frame["game"]["finished"] or (view["turn"] != frame["you"] and not view["must_pass"]):
        return None
    if view["must_pass"]:
        return {"type": "pass", "cards": view["hand"][:3]}
    if view["phase"] == "play" and view["turn"] == frame["you"]:
        return {"type": "play", "card": view["legal_cards"][0]}
    return None


def test_one_human_and_three_bots_play_a_whole_practice_game(
    human: User, word: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The human answers as fast as the server does: not the flood the throttle is for.
    monkeypatch.setattr(consumers, "RATE", 1000.0)
    game = services.online_practice_create(by=human, word=word, bots=3)
    assert game.status == OnlineStatus.RUNNING
    assert game.version == 3  # the three bots passed at once

    async def play() -> dict[str, Any]:
        ws = await ws_connect(game, human)
        frame = await ws.state()
        assert frame["you"] == "A" and frame["version"] == 3
        moves = 0
        while not frame["game"]["finished"]:
            move = choose(frame)
            assert move is not None, "the table waits for nobody but the human"
            await ws.send({"type": "action", "version": frame["version"], "action": move})
            # Every applied action (the human's, then each bot's) is one state frame.
            before = frame["version"]
            while True:
                frame = await ws.until("state")
                if frame["version"] == before:
                    continue  # the same version again: only the seats or the clock changed
                assert frame["version"] == before + 1
                before = frame["version"]
                # A change arrives as all its versions at once: act on the last one.
                quiet = await ws.comm.receive_nothing(timeout=0.05)
                if quiet and (choose(frame) is not None or frame["game"]["finished"]):
                    break
            moves += 1
            assert moves < 500
        await ws.close()
        return frame

    last = run(play)
    assert last["game"]["finished"] is True
    assert last["game"]["placka"]  # the seats that completed the word
    assert sorted(last["game"]["placings"].values())[-1] == 4 or last["game"]["placings"]
    row = OnlineGame.objects.get(pk=game.pk)
    assert row.status == OnlineStatus.FINISHED
    assert row.version == len(row.actions) == last["version"]
    assert not DealEntry.objects.exists()  # practice games are never scored
