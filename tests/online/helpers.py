"""Playing an online game through the services, seat by seat, as the clients would."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from engine import HeuristicBot, bot_action
from engine.actions import action_to_json
from games.online import replay, services
from games.online.models import OnlineGame

_BOT = HeuristicBot()


def next_move(game_id: int) -> tuple[str, dict[str, Any], int] | None:
    """The seat to move, its move (the heuristic bot's choice) and the version it acts on."""
    row = OnlineGame.objects.get(pk=game_id)
    game = replay.game_replay(row)
    if game.is_over():
        return None
    deal = game.deal
    seat = game.turn
    assert seat is not None
    action = action_to_json(bot_action(_BOT, deal, seat))
    action.pop("seat", None)
    return seat.code, action, row.version


def play_to_end(game_id: int, users: dict[str, User], *, limit: int = 5000) -> int:
    """Every human move through ``online_act`` until the game is over; returns the moves."""
    moves = 0
    while (move := next_move(game_id)) is not None:
        seat, action, version = move
        services.online_act(game_id=game_id, user=users[seat], action=action, version=version)
        moves += 1
        assert moves < limit
    return moves
