"""The frames a process keeps for its connections are found only for the change that made
them: a seats-or-clock change sends a new frame of an existing version, and a process that
holds an older frame of that version must resync instead of sending it again. A player's own
change goes through the layer only when someone else is there to hear it."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.online.broadcast import group_name, group_send_others, state_event, step_get
from games.online.frames import StateFrame, Step
from games.online.services import Change


def frame(version: int, grace: bool) -> StateFrame:
    # Only the keys the broadcast reads: it stores and finds frames, never looks inside.
    return cast(StateFrame, {"type": "state", "version": version, "clock": {"grace": grace}})


def test_a_frame_is_found_under_its_own_change_only() -> None:
    made_here = state_event(Change(game_id=991, steps=[{"": frame(7, grace=False)}]))
    assert made_here["versions"] == [7]
    assert step_get(991, 7, made_here["token"]) == {"": frame(7, grace=False)}
    # The clock ran out in another process: same version, another change.
    assert step_get(991, 7, "made-elsewhere") is None


def test_a_later_change_of_the_same_version_replaces_the_frame() -> None:
    first = state_event(Change(game_id=992, steps=[{"": frame(3, grace=False)}]))
    second = state_event(Change(game_id=992, steps=[{"": frame(3, grace=True)}]))
    assert step_get(992, 3, first["token"]) is None
    assert step_get(992, 3, second["token"]) == {"": frame(3, grace=True)}


def test_a_players_own_change_goes_to_the_group_only_when_someone_else_listens() -> None:
    """On whichever layer the settings give (Redis under the real services): alone at the
    table the player's copy is not sent; once another connection joins, both get it."""

    async def scenario() -> tuple[bool, bool, dict[str, Any], dict[str, Any]]:
        layer = get_channel_layer()
        group = group_name(994)
        player, watcher = await layer.new_channel(), await layer.new_channel()
        await layer.group_add(group, player)
        try:
            alone = await group_send_others(
                layer, group, lambda: {"type": "table.state", "n": 1}, player
            )
            await layer.group_add(group, watcher)
            heard = await group_send_others(
                layer, group, lambda: {"type": "table.state", "n": 2}, player
            )
            # The first message each channel receives: never the one sent while alone.
            to_watcher = await asyncio.wait_for(layer.receive(watcher), 10)
            to_player = await asyncio.wait_for(layer.receive(player), 10)
        finally:
            await layer.group_discard(group, player)
            await layer.group_discard(group, watcher)
        return alone, heard, to_watcher, to_player

    alone, heard, to_watcher, to_player = async_to_sync(scenario)()
    assert (alone, heard) == (False, True)
    assert to_watcher["n"] == 2 and to_player["n"] == 2


def test_a_players_own_change_keeps_its_frames_only_when_someone_else_listens() -> None:
    """Alone at the table the change's frames are not kept (nobody would read them); with
    another connection there they are, under the change's token, for it to send."""

    async def scenario() -> tuple[Step | None, Step | None]:
        layer = get_channel_layer()
        group = group_name(995)
        player, watcher = await layer.new_channel(), await layer.new_channel()
        await layer.group_add(group, player)
        try:
            alone = Change(game_id=995, steps=[{"": frame(4, grace=False)}])
            await group_send_others(layer, group, lambda: state_event(alone, "alone"), player)
            await layer.group_add(group, watcher)
            heard = Change(game_id=995, steps=[{"": frame(5, grace=False)}])
            await group_send_others(layer, group, lambda: state_event(heard, "heard"), player)
            await asyncio.wait_for(layer.receive(watcher), 10)
        finally:
            await layer.group_discard(group, player)
            await layer.group_discard(group, watcher)
        return step_get(995, 4, "alone"), step_get(995, 5, "heard")

    kept_alone, kept_heard = async_to_sync(scenario)()
    assert kept_alone is None
    assert kept_heard == {"": frame(5, grace=False)}
