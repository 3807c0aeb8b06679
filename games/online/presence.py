"""The seated users whose WebSockets this process holds, for its heartbeat.

A seat's ``connections`` count is raised and lowered by the connections themselves; a
process that dies lowers nothing. So every process vouches for its own connections every
beat (``OnlineSeat.seen_at``), and a seat still counted as connected that no process has
vouched for in ``SCWU_PRESENCE_TTL`` seconds (default 90) is disconnected by the sweep of
any live process (``services.online_presence_expire``), with the clock following as if the
player had closed the page. A seat also held by a live process is refreshed and stays;
once that last connection closes, the dead process's share expires within the TTL.
"""

from __future__ import annotations

import threading
from collections import Counter

from django.conf import settings

_held: Counter[tuple[int, int]] = Counter()  # (game id, user id) -> open connections here
_lock = threading.Lock()


def presence_ttl() -> float:
    return float(getattr(settings, "SCWU_PRESENCE_TTL", 90))


def held_add(game_id: int, user_id: int) -> None:
    with _lock:
        _held[(game_id, user_id)] += 1


def held_remove(game_id: int, user_id: int) -> None:
    with _lock:
        _held[(game_id, user_id)] -= 1
        if _held[(game_id, user_id)] <= 0:
            del _held[(game_id, user_id)]


def held_pairs() -> list[tuple[int, int]]:
    with _lock:
        return list(_held)
