"""Presence recovers after a WebSocket process dies: a seat left counted as connected that
no live process vouches for within ``SCWU_PRESENCE_TTL`` is disconnected by the heartbeat
of any live process, and the table hears it; a seat a live process holds stays."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.utils import timezone

from games.online import clock_runner, presence, services
from games.online.models import OnlineGame, OnlineSeat
from tests.online.conftest import human, run, word, ws_connect  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game(human: User, word: Any) -> OnlineGame:  # noqa: F811
    return services.online_practice_create(by=human, word=word, bots=2)


def _seat_a() -> OnlineSeat:
    return OnlineSeat.objects.get(game__created_by__username="lumir", seat="A")


def _last_seen_long_ago() -> None:
    old = timezone.now() - dt.timedelta(seconds=presence.presence_ttl() + 60)
    OnlineSeat.objects.filter(seat="A").update(seen_at=old)


def test_a_seat_left_connected_by_a_dead_process_is_disconnected_after_the_ttl(
    game: OnlineGame,
    human: User,  # noqa: F811
) -> None:
    async def scenario() -> None:
        player = await ws_connect(game, human)
        assert (await database_sync_to_async(_seat_a)()).connected
        # The process holding the player's connection dies: it never closes the connection
        # and never vouches for it again (this process forgets it, and time passes).
        presence._held.clear()
        await database_sync_to_async(_last_seen_long_ago)()
        watcher = await ws_connect(game, None)
        assert await clock_runner.heartbeat() == 1  # a live process's beat sweeps it
        frame = await watcher.until("state")
        assert {s["seat"]: s["connected"] for s in frame["seats"]}["A"] is False
        seat = await database_sync_to_async(_seat_a)()
        assert not seat.connected and seat.connections == 0
        assert await clock_runner.heartbeat() == 0  # once
        await watcher.close()
        await player.close()  # the dead connection's close counts nothing twice

    run(scenario)
    seat = _seat_a()
    assert not seat.connected and seat.connections == 0


def test_a_seat_held_by_a_live_process_is_vouched_for_and_stays_connected(
    game: OnlineGame,
    human: User,  # noqa: F811
) -> None:
    async def scenario() -> None:
        player = await ws_connect(game, human)
        await database_sync_to_async(_last_seen_long_ago)()  # the beat was a while ago
        assert await clock_runner.heartbeat() == 0
        seat = await database_sync_to_async(_seat_a)()
        assert seat.connected and seat.connections == 1
        assert seat.seen_at is not None
        assert seat.seen_at > timezone.now() - dt.timedelta(seconds=5)
        await player.close()

    run(scenario)
    assert not _seat_a().connected


def test_the_beat_vouches_for_exactly_the_seats_it_holds(
    human: User,  # noqa: F811
    word: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its own (game, user) pairs only: not the same user's seat at another table, not a
    seat with no connection left; however many statements the pairs take."""
    other = User.objects.create_user("vera")
    first = services.online_practice_create(by=human, word=word, bots=2)
    second = services.online_practice_create(by=other, word=word, bots=2)
    for game, guest in ((first, other), (second, human)):  # each also sits at the other's
        empty = OnlineSeat.objects.filter(game=game, is_bot=False, user=None).first()
        assert empty is not None
        OnlineSeat.objects.filter(pk=empty.pk).update(user=guest)
    OnlineSeat.objects.filter(user__isnull=False).update(connections=1, seen_at=None)
    idle = services.online_practice_create(by=human, word=word, bots=3)
    OnlineSeat.objects.filter(game=idle).update(connections=0)  # every connection closed
    monkeypatch.setattr("games.online.services.clock.PRESENCE_CHUNK", 1)
    now = timezone.now()
    held = [(first.pk, human.pk), (second.pk, other.pk), (idle.pk, human.pk)]
    assert services.online_presence_refresh(held=held, now=now) == 2
    seen = {(seat.game_id, seat.user_id) for seat in OnlineSeat.objects.filter(seen_at=now)}
    assert seen == {(first.pk, human.pk), (second.pk, other.pk)}
