"""The player who acts gets the frames of the move at once, each version once (the group's
copy of the same change is skipped), while the table's other connections get them from the
group."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games.online import services
from tests.online.conftest import run, ws_connect


def test_the_acting_connection_gets_each_version_once_and_the_others_get_them_too(
    word: Any, human: User
) -> None:
    game = services.online_practice_create(by=human, word=word, bots=3)

    async def scenario() -> tuple[int, list[int], list[int]]:
        player = await ws_connect(game, human)
        other_tab = await ws_connect(game, human)  # the same seat in a second tab
        state = await player.state()
        await other_tab.state()
        await player.send(
            {
                "type": "action",
                "version": state["version"],
                "action": {"type": "pass", "cards": state["view"]["hand"][:3]},
            }
        )
        mine = [f["version"] for f in await player.drain(timeout=0.5) if f["type"] == "state"]
        theirs = [f["version"] for f in await other_tab.drain(timeout=0.5) if f["type"] == "state"]
        await player.close()
        await other_tab.close()
        return state["version"], mine, theirs

    before, seen, seen_there = run(scenario)
    # (A frame of the current version may come first: the second tab's arrival.)
    mine = [version for version in seen if version > before]
    theirs = [version for version in seen_there if version > before]
    assert mine and mine[0] == before + 1
    assert mine == sorted(set(mine))  # each version once, in order
    assert theirs == mine
