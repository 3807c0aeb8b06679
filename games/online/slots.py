"""How many WebSockets a table and an address may hold, counted on the shared cache.

Each spectator's connection takes one numbered slot of its table
(``SCWU_WS_PER_TABLE``) and one of its address (``SCWU_WS_PER_ADDRESS``, every table
together); when either has none free, the connection is refused. A slot is a cache key
taken with ``add`` (atomic in Redis, so every process of the site counts alike) that
expires ``SLOT_SECONDS`` after its last refresh: the process holding it refreshes it on its
heartbeat (:func:`slots_refresh`) and frees it on disconnect, so the slots of a process that
dies free themselves. Seated players are never counted or refused: a table must always
reach its four.

While Redis is unreachable the cache's ``add`` answers yes (``scwu.cache``): nobody is
refused for want of a counter.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

#: A slot not refreshed for this long is free again (the heartbeat refreshes every third).
SLOT_SECONDS = 90

_held: dict[str, str] = {}  # slot key -> token, of this process's open connections
_lock = threading.Lock()


@dataclass(frozen=True)
class Taken:
    """The slots one connection holds (release them when it closes)."""

    keys: tuple[str, ...]


def _take(prefix: str, limit: int, token: str) -> str | None:
    """A free slot of ``prefix`` (of ``limit``), or None when all are taken."""
    keys = [f"{prefix}:{n}" for n in range(limit)]
    busy = cache.get_many(keys)
    free = [key for key in keys if key not in busy]
    random.shuffle(free)  # two connections at once rarely race for the same slot
    for key in free:
        if cache.add(key, token, timeout=SLOT_SECONDS):
            return key
    return None


def slots_take(*, game_id: int, address: str, token: str) -> Taken | None:
    """A slot of the table and one of the address for a spectator's connection, or None
    (nothing held) when either limit is reached."""
    per_table = int(getattr(settings, "SCWU_WS_PER_TABLE", 50))
    per_address = int(getattr(settings, "SCWU_WS_PER_ADDRESS", 20))
    table_key = _take(f"online:ws:table:{game_id}", per_table, token)
    if table_key is None:
        return None
    keys: tuple[str, ...] = (table_key,)
    if address:  # a server always gives the peer's address; only a test may give none
        address_key = _take(f"online:ws:addr:{address}", per_address, token)
        if address_key is None:
            cache.delete(table_key)
            return None
        keys = (table_key, address_key)
    with _lock:
        _held.update(dict.fromkeys(keys, token))
    return Taken(keys)


def slots_release(taken: Taken) -> None:
    with _lock:
        for key in taken.keys:
            _held.pop(key, None)
    cache.delete_many(list(taken.keys))


def slots_refresh() -> int:
    """Refresh every slot this process holds (one round trip); returns how many."""
    with _lock:
        held = dict(_held)
    if held:
        cache.set_many(held, timeout=SLOT_SECONDS)
    return len(held)
