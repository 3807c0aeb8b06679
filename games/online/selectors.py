"""Reads of the online tables: the lobby's lists, the chat log, the clock's worklist."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from games.online.models import OnlineChat, OnlineGame, OnlineSeat, OnlineStatus
from games.online.services.chat import chat_json


def online_game_get(*, game_id: int) -> OnlineGame:
    return OnlineGame.objects.select_related("table__round__tournament", "created_by").get(
        pk=game_id
    )


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
