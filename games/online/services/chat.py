"""Table chat with per-table moderation: moderators hide a message or mute a seat.

Moderators are the tournament's directors and referees (``can_referee`` on the table) or,
at a practice game, its creator. Seated players and moderators may write."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import permissions
from games.online.errors import OnlineError
from games.online.models import SEAT_LETTERS, OnlineChat, OnlineGame, OnlineSeat

MAX_CHAT = 300


def can_moderate(user: Any, game: OnlineGame) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if game.table is not None:
        return permissions.can_referee(user, game.table)
    return bool(game.created_by_id == user.pk)


def chat_json(message: OnlineChat) -> dict[str, Any]:
    user = message.user
    name = ""
    if user is not None:
        player = getattr(user, "player", None)
        name = (getattr(player, "nickname", "") if player is not None else "") or (
            user.get_username()
        )
    return {
        "type": "chat",
        "id": message.pk,
        "seat": message.seat or None,
        "name": name,
        "text": "" if message.hidden else message.text,
        "at": message.created_at.isoformat(),
        "hidden": message.hidden,
    }


@transaction.atomic
def online_chat_post(*, game_id: int, user: Any, text: object) -> dict[str, Any]:
    """Post a message; returns its chat frame."""
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHAT:
        raise OnlineError("malformed")
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in text):
        raise OnlineError("malformed")  # NUL and control characters: refused, socket kept
    game = OnlineGame.objects.select_related("table__round__tournament").get(pk=game_id)
    seat = None
    if user is not None and user.is_authenticated:
        seat = OnlineSeat.objects.filter(game=game, user_id=user.pk).first()
    if seat is None and not can_moderate(user, game):
        raise OnlineError("forbidden")
    if seat is not None and seat.muted:
        raise OnlineError("forbidden")
    message = OnlineChat.objects.create(
        game=game, seat=seat.seat if seat else "", user=user, text=text.strip()
    )
    return chat_json(message)


@transaction.atomic
def online_chat_hide(*, game_id: int, user: Any, message_id: object) -> dict[str, Any]:
    if not isinstance(message_id, int) or isinstance(message_id, bool):
        raise OnlineError("malformed")
    game = OnlineGame.objects.select_related("table__round__tournament").get(pk=game_id)
    if not can_moderate(user, game):
        raise OnlineError("forbidden")
    updated = OnlineChat.objects.filter(game=game, pk=message_id).update(hidden=True)
    if not updated:
        raise OnlineError("malformed")
    return {"type": "chat_hidden", "id": message_id}


@transaction.atomic
def online_seat_mute(*, game_id: int, user: Any, seat: object, muted: bool = True) -> None:
    if not isinstance(seat, str) or len(seat) != 1 or seat not in SEAT_LETTERS:
        raise OnlineError("malformed")
    game = OnlineGame.objects.select_related("table__round__tournament").get(pk=game_id)
    if not can_moderate(user, game):
        raise OnlineError("forbidden")
    OnlineSeat.objects.filter(game=game, seat=seat).update(muted=muted)
