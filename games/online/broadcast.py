"""Handing a change to every connection of a table through the channel layer.

The frames themselves stay in this process (:data:`_steps`, keyed by game and version):
the group message names only the versions, so the layer does not copy (in memory) or
serialise (Redis) every seat's view for every connection. A connection in another
process, where the frames are missing, asks the database for the current state instead.

A change of seats or clock alone sends a new frame of an existing version, so the frames are
kept under the change's own token too: a process that holds an older frame of that version
(made for an earlier change) must not send it for this one.

A player's own action is sent to its connection directly (``consumers``); the group's copy
goes only where someone else listens (:func:`group_send_others`): at a practice table the
player is usually alone, and the copy cost the layer three more trips and the connection a
message to read and drop. Its frames are kept (:func:`steps_keep`) only then too: kept
frames nobody reads lived seconds, long enough to reach the collector's oldest generation,
and 500 practice tables' worth of them made a full collection (a third of a second with
every table stopped) every few seconds.
"""

from __future__ import annotations

import itertools
import os
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from channels.layers import InMemoryChannelLayer
from channels_redis.core import RedisChannelLayer

from games.online.frames import Step
from games.online.services import Change

_LIMIT = 8192
_steps: OrderedDict[tuple[int, int], tuple[str, Step]] = OrderedDict()
_lock = threading.Lock()
#: A change's token: unique to this process (and its machine) by a prefix drawn once, then a
#: counter; a fresh UUID per change read the system's random source on every action.
_TOKEN_PREFIX = uuid.uuid4().hex[:16]
_token_numbers = itertools.count()


def group_name(game_id: int) -> str:
    return f"online.{game_id}"


def steps_keep(change: Change, token: str) -> list[int]:
    """Keep the frames of a change for this process's connections; returns the versions."""
    versions = []
    with _lock:
        for step in change.steps:
            version = int(step[""]["version"])
            _steps[(change.game_id, version)] = (token, step)
            _steps.move_to_end((change.game_id, version))
            versions.append(version)
        while len(_steps) > _LIMIT:
            _steps.popitem(last=False)
    return versions


def step_get(game_id: int, version: int, token: str) -> Step | None:
    """The frame of ``version`` made by the change ``token``, if this process made it."""
    with _lock:
        kept = _steps.get((game_id, version))
    return kept[1] if kept is not None and kept[0] == token else None


def change_token() -> str:
    """A new change's token, unique to this process."""
    return f"{_TOKEN_PREFIX}-{os.getpid()}-{next(_token_numbers)}"


def state_event(change: Change, token: str | None = None) -> dict[str, Any]:
    """The group message of ``change`` (its frames kept here under ``token``, a new one
    when none is given)."""
    token = token or change_token()
    return {
        "type": "table.state",
        "game_id": change.game_id,
        "versions": steps_keep(change, token),
        "token": token,
        "users": change.users,
    }


async def change_send(layer: Any, change: Change | None) -> None:
    """Send a change to the table's group (raises if the layer is unreachable)."""
    if change is not None and change.steps:
        await layer.group_send(group_name(change.game_id), state_event(change))


async def group_members(layer: Any, group: str) -> set[str] | None:
    """The channels in ``group`` now, as the layer would send to them (those past the
    group's expiry included, so never fewer); None for a layer that cannot tell."""
    if isinstance(layer, RedisChannelLayer):
        connection = layer.connection(layer.consistent_hash(group))
        return {name.decode() for name in await connection.zrange(layer._group_key(group), 0, -1)}
    if isinstance(layer, InMemoryChannelLayer):
        return set(layer.groups.get(group, {}))
    return None


async def group_send_others(
    layer: Any, group: str, event: Callable[[], dict[str, Any]], sender: str
) -> bool:
    """Send the message ``event()`` builds to ``group`` unless its only member is ``sender``
    (who has it already): built only then, so what it keeps for the group is kept only then;
    whether it was sent. Raises as ``group_send`` does when the layer is unreachable.

    A connection that joins after the members were read asks for the state itself (hello),
    which is read after this change was stored: it misses nothing."""
    members = await group_members(layer, group)
    if members is not None and members <= {sender}:
        return False
    await layer.group_send(group, event())
    return True
