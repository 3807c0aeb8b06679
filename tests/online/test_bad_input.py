"""Bad input over the WebSocket: each is refused with its error frame and the table is
unharmed (same version, same actions, same hands)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.online import consumers
from games.online.models import OnlineGame
from tests.online.conftest import Ws, practice_of_four, run, ws_connect

pytestmark = pytest.mark.django_db(transaction=True)


def snapshot(game: OnlineGame) -> tuple[int, Any]:
    row = OnlineGame.objects.get(pk=game.pk)
    return row.version, json.dumps(row.actions)


async def error_of(ws: Ws, frame: object = None, raw: str | None = None) -> str:
    if raw is not None:
        await ws.send_raw(raw)
    else:
        await ws.send(frame)
    while True:
        got = await ws.recv()
        if got["type"] == "error":
            assert got["message"]
            return str(got["code"])
        # Only presence changes (same version) may come in between.
        assert got["type"] == "state", got


@pytest.fixture
def four(human: User, word: Any) -> tuple[OnlineGame, dict[str, User]]:
    return practice_of_four(human, word)


def test_forged_seat_card_not_held_out_of_turn_and_stale_version_are_refused(
    four: tuple[OnlineGame, dict[str, User]],
) -> None:
    game, users = four
    before = snapshot(game)

    async def scenario() -> None:
        a = await ws_connect(game, users["A"])
        b = await ws_connect(game, users["B"])
        state_a, state_b = await a.state(), await b.state()
        v = state_a["version"]
        hand_a, hand_b = state_a["view"]["hand"], state_b["view"]["hand"]
        # A forges B's pass: the seat in the action is ignored, so these are A's cards
        # to pass, which A does not hold.
        forged = {"type": "pass", "seat": "B", "cards": hand_b[:3]}
        assert await error_of(a, {"type": "action", "version": v, "action": forged}) == (
            "illegal_action"
        )
        # A card not in hand (a pass of cards A does not hold, and a play of one).
        not_held = next(c for c in hand_b if c not in hand_a)
        bad_pass = {"type": "pass", "cards": [*hand_a[:2], not_held]}
        assert await error_of(a, {"type": "action", "version": v, "action": bad_pass}) == (
            "illegal_action"
        )
        # Out of turn: nobody plays a card during the pass.
        play = {"type": "play", "card": hand_a[0]}
        code = await error_of(a, {"type": "action", "version": v, "action": play})
        assert code in {"illegal_action", "not_your_turn"}
        # A replayed old message: an older version is refused.
        good = {"type": "pass", "cards": hand_a[:3]}
        assert await error_of(a, {"type": "action", "version": v - 1, "action": good}) == (
            "stale_version"
        )
        resync = await a.until("state")  # a stale client is sent the current state
        assert resync["version"] == v
        await a.close()
        await b.close()

    run(scenario)
    assert snapshot(game) == before


def test_play_out_of_turn_and_a_play_named_for_another_seat_are_refused(
    four: tuple[OnlineGame, dict[str, User]],
) -> None:
    game, users = four

    async def scenario() -> tuple[int, Any]:
        clients = {s: await ws_connect(game, users[s]) for s in "ABCD"}
        for seat, ws in clients.items():
            frame = await ws.state()
            await ws.send(
                {
                    "type": "action",
                    "version": frame["version"],
                    "action": {"type": "pass", "cards": frame["view"]["hand"][:3]},
                }
            )
            await ws.until("state")
            for other in clients.values():
                await other.drain(timeout=0.01)
            del seat
        for ws in clients.values():  # a late broadcast would be read as the state asked for
            await ws.drain()
        frames = {s: await ws.state() for s, ws in clients.items()}
        turn = frames["A"]["view"]["turn"]
        idle = next(s for s in "ABCD" if s != turn)
        v = frames[idle]["version"]
        card = frames[idle]["view"]["hand"][0]
        mine = {"type": "play", "card": card}
        assert await error_of(clients[idle], {"type": "action", "version": v, "action": mine}) == (
            "not_your_turn"
        )
        # Naming the seat to move does not help: the seat is the session's.
        forged = {"type": "play", "card": card, "seat": turn}
        assert (
            await error_of(clients[idle], {"type": "action", "version": v, "action": forged})
            == "not_your_turn"
        )
        # The seat to move playing a card it does not hold.
        other_card = frames[idle]["view"]["hand"][1]
        stolen = {"type": "play", "card": other_card}
        assert (
            await error_of(clients[turn], {"type": "action", "version": v, "action": stolen})
            == "illegal_action"
        )
        for ws in clients.values():
            await ws.close()
        return v

    version = run(scenario)
    assert version == 4  # the four passes
    assert snapshot(game)[0] == 4  # and nothing more


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[1, 2, 3]",
        '{"no": "type"}',
        '{"type": "dance"}',
        '{"type": "action", "version": "3", "action": {"type": "pack"}}',
        '{"type": "action", "version": 4, "action": {"type": "play", "card": "ZZ"}}',
        '{"type": "action", "version": 4, "action": {"type": "pass", "cards": "7H 8H 9H"}}',
        '{"type": "action", "version": 4, "action": ["play"]}',
        '{"type": "chat", "text": "' + "x" * 301 + '"}',
        '{"type": "ping", "pad": "' + "x" * 5000 + '"}',
    ],
)
def test_malformed_frames_are_refused(four: tuple[OnlineGame, dict[str, User]], raw: str) -> None:
    game, users = four
    before = snapshot(game)

    async def scenario() -> str:
        ws = await ws_connect(game, users["A"])
        await ws.state()
        code = await error_of(ws, raw=raw)
        await ws.send({"type": "ping"})
        assert (await ws.until("pong"))["type"] == "pong"  # the connection lives on
        await ws.close()
        return code

    assert run(scenario) == "malformed"
    assert snapshot(game) == before


def test_a_flooding_client_is_throttled_then_closed(
    four: tuple[OnlineGame, dict[str, User]], monkeypatch: pytest.MonkeyPatch
) -> None:
    game, users = four
    monkeypatch.setattr(consumers, "RATE", 0.001)  # no refill while the test floods
    before = snapshot(game)

    async def scenario() -> tuple[int, int, bool]:
        ws = await ws_connect(game, users["A"])
        state = await ws.state()
        stale = {"type": "action", "version": state["version"] - 1, "action": {"type": "pack"}}
        for _ in range(consumers.BURST + consumers.MAX_STRIKES + 5):
            await ws.send(stale)
        codes = []
        closed = False
        while True:
            try:
                output = await ws.comm.receive_output(timeout=1)
            except Exception:
                break
            if output["type"] == "websocket.close":
                closed = output.get("code") == consumers.CLOSE_ABUSE
                break
            codes.append(json.loads(output["text"]).get("code"))
        return codes.count("throttled"), codes.count("stale_version"), closed

    throttled, refused, closed = run(scenario)
    assert throttled > 0
    assert refused == consumers.BURST - 1  # the burst, less the hello, got through
    assert closed
    assert snapshot(game) == before


def test_a_spectator_may_not_act(four: tuple[OnlineGame, dict[str, User]]) -> None:
    game, _users = four

    async def scenario() -> str:
        ws = await ws_connect(game, None)
        state = await ws.state()
        assert state["you"] is None and "hand" not in state["view"]
        pack = {"type": "action", "version": state["version"], "action": {"type": "pack"}}
        code = await error_of(ws, pack)
        await ws.close()
        return code

    assert run(scenario) == "forbidden"
