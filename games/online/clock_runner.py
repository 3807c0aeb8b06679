"""The clock of every table served by this process: an asyncio task that acts on
deadlines that have passed (grace, bot takeover, waiting for the director) and
broadcasts the result. Deadlines live in the database, so after a restart the first
connection starts the runner again and nothing is lost; with several processes each
runs one, and the locked service makes a deadline act once.

The same task beats (:func:`beat_seconds`): it checks the process's idle database
connections (``games.online.database.pool_check``), refreshes what this process's connections
hold, their spectators' slots on the shared cache (``games.online.slots``) and their seats'
presence (``games.online.presence``), which a process that dies stops refreshing, so it
expires; and it disconnects the seats whose presence expired.

``ONLINE_CLOCK_TICK`` (seconds, default 0.5; 0 turns the runner off, as unit tests do).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import timezone

from games.online import presence, selectors, services
from games.online.broadcast import change_send
from games.online.database import in_database_thread, pool_check
from games.online.slots import SLOT_SECONDS, slots_refresh

log = logging.getLogger(__name__)
_tasks: dict[int, asyncio.Task[None]] = {}


def beat_seconds() -> float:
    """A third of the shortest lifetime a beat refreshes, so two beats may fail."""
    return min(SLOT_SECONDS, presence.presence_ttl()) / 3


def tick_seconds() -> float:
    return float(getattr(settings, "ONLINE_CLOCK_TICK", 0.5))


def ensure_running() -> None:
    """Start this event loop's runner if it is not running yet."""
    if tick_seconds() <= 0:
        return
    loop = asyncio.get_running_loop()
    task = _tasks.get(id(loop))
    if task is None or task.done():
        _tasks[id(loop)] = loop.create_task(_run())


async def clock_tick() -> int:
    """Act on every expired deadline once; returns how many games changed."""
    layer = get_channel_layer()
    changed = 0
    for game_id in await in_database_thread(selectors.online_expired_ids)():
        change = await in_database_thread(services.online_clock_expire)(game_id=game_id)
        if change is None:
            continue
        changed += 1
        try:
            await change_send(layer, change)
        except Exception:
            log.warning("online %s: clock change not broadcast (channel layer)", game_id)
    return changed


async def heartbeat() -> int:
    """Refresh what this process's connections hold, so that it does not expire; then
    disconnect the seats nobody vouched for within the TTL. Returns the games changed."""
    await sync_to_async(slots_refresh, thread_sensitive=False)()
    await sync_to_async(pool_check, thread_sensitive=False)()
    now = timezone.now()
    held = presence.held_pairs()
    if held:
        await in_database_thread(services.online_presence_refresh)(held=held, now=now)
    before = now - dt.timedelta(seconds=presence.presence_ttl())
    changed = 0
    for game_id in await in_database_thread(selectors.online_presence_stale_ids)(before=before):
        change = await in_database_thread(services.online_presence_expire)(
            game_id=game_id, before=before
        )
        if change is None:
            continue
        changed += 1
        try:
            await change_send(get_channel_layer(), change)
        except Exception:
            log.warning("online %s: presence not broadcast (channel layer)", game_id)
    return changed


async def _run() -> None:
    next_beat = time.monotonic()
    while True:
        await asyncio.sleep(tick_seconds())
        try:
            await clock_tick()
        except Exception:
            log.exception("online clock runner")
        if time.monotonic() >= next_beat:
            next_beat = time.monotonic() + beat_seconds()
            try:
                await heartbeat()
            except Exception:
                log.exception("online heartbeat")
