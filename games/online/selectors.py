"""Reads of the online tables: who may see a table, the lobby's lists, the chat log, the
clock's worklist."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from games.online.models import OnlineChat, OnlineGame, OnlineSeat, OnlineStatus
from games.online.services.chat import chat_json
from games.permissions import may_see_table
from scwu.roles import AnyUser


def online_game_get(*, game_id: int) -> OnlineGame:
    return OnlineGame.objects.select_related("table__round__tournament", "created_by").get(
        pk=game_id
    )


def online_results_visible(game: OnlineGame, user: AnyUser | None) -> bool:
    """Whether ``user`` may see the game's letters, losers and deals as a spectator: a
    practice game is public; a tournament table's game is its table's, by the one rule of
    :func:`games.permissions.may_see_table` (a held round's only for those who may see it)."""
    return game.table is None or may_see_table(user, game.table)


def online_seat_of(game: OnlineGame, user: AnyUser | None) -> str | None:
    """The seat ``user`` plays at this game (``None``: not seated)."""
    if user is None or not user.is_authenticated:
        return None
    seat: str | None = game.seats.filter(user_id=user.pk).values_list("seat", flat=True).first()
    return seat


def online_game_visible(game: OnlineGame, user: AnyUser | None) -> bool:
    """Whether ``user`` may open the table at all: whoever may see its results, and the
    players seated at it (who see their own seat's game, never more)."""
    return online_results_visible(game, user) or online_seat_of(game, user) is not None


@dataclass(frozen=True)
class Viewer:
    """Who opens a table's WebSocket: may they open it, see its results, do they sit there."""

    visible: bool
    watcher: bool
    seated: bool


def online_viewer(*, game_id: int, user: AnyUser | None) -> Viewer:
    """What a WebSocket's user may see of the table: a game that does not exist and one the
    user may not see answer alike (not visible)."""
    game = OnlineGame.objects.select_related("table__round__tournament").filter(pk=game_id).first()
    if game is None:
        return Viewer(visible=False, watcher=False, seated=False)
    seated = online_seat_of(game, user) is not None
    watcher = online_results_visible(game, user)
    return Viewer(visible=watcher or seated, watcher=watcher, seated=seated)


def practice_game_list() -> QuerySet[OnlineGame]:
    """Open and running practice games, newest first."""
    return (
        OnlineGame.objects.filter(
            table__isnull=True, status__in=[OnlineStatus.OPEN, OnlineStatus.RUNNING]
        )
        .select_related("created_by")
        .prefetch_related("seats__user__player")
    )


def my_game_list(*, user: Any) -> QuerySet[OnlineGame]:
    """The games ``user`` sits at that are not finished."""
    if user is None or not user.is_authenticated:
        return OnlineGame.objects.none()
    return (
        OnlineGame.objects.filter(seats__user=user)
        .exclude(status=OnlineStatus.FINISHED)
        .select_related("table__round__tournament")
        .distinct()
    )


def online_chat_log(*, game_id: int, limit: int = 50) -> list[dict[str, Any]]:
    """The last ``limit`` messages, oldest first (hidden ones without their text)."""
    rows = list(
        OnlineChat.objects.filter(game_id=game_id)
        .select_related("user__player")
        .order_by("-pk")[:limit]
    )
    return [chat_json(message) for message in reversed(rows)]


def online_expired_ids(*, now: dt.datetime | None = None, limit: int = 200) -> list[int]:
    """Running games whose clock has run out (the clock runner's worklist)."""
    now = now or timezone.now()
    return list(
        OnlineGame.objects.filter(status=OnlineStatus.RUNNING, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", flat=True)[:limit]
    )


def online_presence_stale_ids(*, before: dt.datetime, limit: int = 200) -> list[int]:
    """Games with a seat still counted as connected that no process has vouched for since
    ``before`` (the presence sweep's worklist)."""
    stale = OnlineSeat.objects.filter(connections__gt=0).filter(
        Q(seen_at__lt=before) | Q(seen_at__isnull=True)
    )
    return sorted(set(stale.values_list("game_id", flat=True)[:limit]))
