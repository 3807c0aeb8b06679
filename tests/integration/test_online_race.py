"""Two actions racing on PostgreSQL with the same version: exactly one applies."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from games.online import services
from games.online.errors import OnlineError
from games.online.models import OnlineGame
from games.online.replay import game_replay
from tests.online.conftest import make_online_tournament
from tests.online.helpers import next_move

pytestmark = pytest.mark.integration


def race(calls: list[Callable[[], object]]) -> list[str]:
    barrier = threading.Barrier(len(calls))
    outcomes: list[str] = []
    lock = threading.Lock()

    def run(call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            call()
            result = "applied"
        except OnlineError as exc:
            result = exc.code
        finally:
            connection.close()  # each thread had its own connection
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return sorted(outcomes)


@pytest.mark.django_db(transaction=True)
def test_two_seats_passing_on_the_same_version_apply_exactly_once() -> None:
    t = make_online_tournament()
    game = services.online_game_start(by=t.director, table=t.table)
    row = OnlineGame.objects.get(pk=game.pk)
    version = row.version
    deal = game_replay(row).deal
    hands = {seat: deal.hand("ABCD".index(seat))[:3] for seat in "BC"}

    def act(seat: str) -> Callable[[], object]:
        return lambda: services.online_act(
            game_id=row.pk,
            user=t.players[seat],
            action={"type": "pass", "cards": hands[seat]},
            version=version,
        )

    assert race([act("B"), act("C")]) == ["applied", "stale_version"]
    row.refresh_from_db()
    assert row.version == version + 1 and len(row.actions) == version + 1


@pytest.mark.django_db(transaction=True)
def test_the_same_move_sent_twice_at_once_applies_once() -> None:
    t = make_online_tournament()
    game = services.online_game_start(by=t.director, table=t.table)
    move = next_move(game.pk)
    assert move is not None
    seat, action, version = move

    def act() -> object:
        return services.online_act(
            game_id=game.pk, user=t.players[seat], action=action, version=version
        )

    assert race([act, act, act]) == ["applied", "stale_version", "stale_version"]
    assert OnlineGame.objects.get(pk=game.pk).version == version + 1
