"""Handing a change to every connection of a table through the channel layer."""

from __future__ import annotations

from typing import Any

from games.online.services import Change


def group_name(game_id: int) -> str:
    return f"online.{game_id}"


def state_event(change: Change) -> dict[str, Any]:
    return {"type": "table.state", "steps": change.steps, "users": change.users}


async def change_send(layer: Any, change: Change | None) -> None:
    """Send a change to the table's group (raises if the layer is unreachable)."""
    if change is not None and change.steps:
        await layer.group_send(group_name(change.game_id), state_event(change))
