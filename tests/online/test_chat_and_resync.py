"""Table chat and its moderation; reconnection with a full resync; a paused table when the
channel layer cannot be reached."""

from __future__ import annotations

from typing import Any

import pytest
from channels.layers import InMemoryChannelLayer
from django.contrib.auth.models import User

from games.online.models import OnlineChat, OnlineGame
from tests.online.conftest import practice_of_four, run, ws_connect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def four(human: User, word: Any) -> tuple[OnlineGame, dict[str, User]]:
    return practice_of_four(human, word)


def test_chat_reaches_the_table_and_the_creator_hides_and_mutes(
    four: tuple[OnlineGame, dict[str, User]],
) -> None:
    game, users = four  # A created the game: A moderates

    async def scenario() -> None:
        a = await ws_connect(game, users["A"])
        b = await ws_connect(game, users["B"])
        watcher = await ws_connect(game, None)
        await b.send({"type": "chat", "text": "ahoj"})
        said = await a.until("chat")
        assert (said["seat"], said["text"], said["hidden"]) == ("B", "ahoj", False)
        assert (await watcher.until("chat"))["id"] == said["id"]
        # B may not moderate; A may.
        await b.send({"type": "chat_hide", "id": said["id"]})
        assert (await b.until("error"))["code"] == "forbidden"
        await a.send({"type": "chat_hide", "id": said["id"]})
        assert await watcher.until("chat_hidden") == {"type": "chat_hidden", "id": said["id"]}
        await a.send({"type": "mute", "seat": "B"})
        await a.send({"type": "ping"})
        await a.until("pong")
        await b.send({"type": "chat", "text": "still here?"})
        assert (await b.until("error"))["code"] == "forbidden"
        # A spectator may not write.
        await watcher.send({"type": "chat", "text": "hi"})
        assert (await watcher.until("error"))["code"] == "forbidden"
        # A newcomer gets the log, the hidden message without its text.
        late = await ws_connect(game, users["C"])
        log = next(f for f in late.frames if f["type"] == "chat_log")["messages"]
        assert [(m["id"], m["hidden"], m["text"]) for m in log] == [(said["id"], True, "")]
        for ws in (a, b, watcher, late):
            await ws.close()

    run(scenario)
    assert OnlineChat.objects.get().hidden
    assert game.seats.get(seat="B").muted


def test_a_reconnecting_client_gets_a_full_resync(
    four: tuple[OnlineGame, dict[str, User]],
) -> None:
    game, users = four

    async def scenario() -> tuple[dict[str, Any], int]:
        a = await ws_connect(game, users["A"])
        old_version = (await a.state())["version"]
        await a.close()
        # While A is away, B, C and D pass.
        for seat in "BCD":
            ws = await ws_connect(game, users[seat])
            frame = await ws.state()
            await ws.send(
                {
                    "type": "action",
                    "version": frame["version"],
                    "action": {"type": "pass", "cards": frame["view"]["hand"][:3]},
                }
            )
            await ws.until("state")
            await ws.close()
        again = await ws_connect(game, users["A"])
        await again.send({"type": "hello", "version": old_version})
        fresh = await again.until("state")
        await again.close()
        return fresh, old_version

    fresh, old_version = run(scenario)
    row = OnlineGame.objects.get(pk=game.pk)
    assert fresh["version"] == row.version == old_version + 3
    assert fresh["you"] == "A"
    assert fresh["view"]["passed_seats"] == ["B", "C", "D"]
    assert fresh["view"]["must_pass"] is True
    assert len(fresh["view"]["hand"]) == 8


class _DownLayer(InMemoryChannelLayer):
    """A channel layer whose server is unreachable (as when Redis is down)."""

    async def group_add(self, group: str, channel: str) -> None:
        raise ConnectionError("redis is down")

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        raise ConnectionError("redis is down")


def test_a_table_without_its_channel_layer_is_paused_not_silent(
    four: tuple[OnlineGame, dict[str, User]], monkeypatch: pytest.MonkeyPatch
) -> None:
    game, users = four
    version = game.version
    down = _DownLayer()
    monkeypatch.setattr("channels.layers.channel_layers.backends", {"default": down})

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        a = await ws_connect(game, users["A"])
        state = await a.state()
        await a.send(
            {
                "type": "action",
                "version": state["version"],
                "action": {"type": "pass", "cards": state["view"]["hand"][:3]},
            }
        )
        refused = await a.recv()
        await a.close()
        return state, refused

    state, refused = run(scenario)
    assert state["paused"] is True
    assert refused["type"] == "error" and refused["code"] == "paused"
    assert OnlineGame.objects.get(pk=game.pk).version == version
