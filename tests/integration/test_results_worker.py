"""The results recomputation on the real worker, PostgreSQL and Redis.

Deals recorded through the services enqueue the debounced recompute; the worker writes
the placings; they must equal a recomputation from scratch. Two recomputations racing
(threads on separate connections) serialise on the ResultsState row lock.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.core.cache import cache
from django.db import connection

from tests.tournaments.results.conftest import Event, make_event
from tournaments.models import Entry, Placing, ResultsState
from tournaments.rating.models import RatingChange
from tournaments.results.services import pending_key, results_changed, results_recompute
from tournaments.tasks import results_recompute_task

pytestmark = pytest.mark.integration


def _event() -> Event:
    """Two tables of a running round; no recompute left pending from an earlier run
    (the test database restarts its ids, the Redis cache does not)."""
    event = make_event("abcdefgh")
    cache.delete(pending_key(event.tournament.pk))
    return event


def _placings(event: Event) -> list[tuple[int, int | None, bool, str, int, int]]:
    return sorted(
        Placing.objects.filter(tournament=event.tournament).values_list(
            "entry_id", "place", "is_shared", "stage", "deals_played", "deals_lost"
        )
    )


def _wait_computed(event: Event, timeout: float = 60) -> ResultsState:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = ResultsState.objects.get(tournament=event.tournament)
        if state.computed >= state.requested > 0:
            return state
        time.sleep(0.2)
    raise AssertionError(f"the worker did not compute the results in {timeout} s")


@pytest.mark.django_db(transaction=True)
def test_the_worker_recomputes_placings_after_deals() -> None:
    e = _event()
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")
    e.play(r1, 2, "effhhhhh")
    state = _wait_computed(e)
    assert state.requested == 16
    by_worker = _placings(e)
    assert len(by_worker) == 8

    # from scratch: no placings, a new version, computed here
    Placing.objects.filter(tournament=e.tournament).delete()
    results_changed(e.tournament.pk)
    ResultsState.objects.filter(tournament=e.tournament).update(computed=0)
    results_recompute(e.tournament.pk)
    assert _placings(e) == by_worker
    ranks = dict(Entry.objects.filter(tournament=e.tournament).values_list("pk", "rank"))
    assert ranks[e.p["c"].pk] == 1 and ranks[e.p["d"].pk] == 7


@pytest.mark.django_db(transaction=True)
def test_the_worker_rates_the_finished_games_after_the_recompute_once_each() -> None:
    e = _event()
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")  # D takes the placka: both games end
    e.play(r1, 2, "effhhhhh")
    _wait_computed(e)
    deadline = time.monotonic() + 60
    while RatingChange.objects.filter(game__table__round=r1).count() < 8:
        assert time.monotonic() < deadline, "the worker did not rate the games in 60 s"
        time.sleep(0.2)
    rated = RatingChange.objects.filter(game__table__round=r1)
    assert sorted(rated.values_list("player_id", flat=True)) == sorted(e.pid(n) for n in "abcdefgh")
    by_player = dict(rated.values_list("player_id", "rank"))
    assert by_player[e.pid("c")] == 1 and by_player[e.pid("d")] == 4


@pytest.mark.django_db(transaction=True)
def test_two_recomputations_at_once_give_one_consistent_result() -> None:
    e = _event()
    r1 = e.round("abcd", "efgh")
    e.play(r1, 1, "abbddddd")
    e.play(r1, 2, "effhhhhh")
    _wait_computed(e)
    ResultsState.objects.filter(tournament=e.tournament).update(computed=0)

    versions: list[int] = []
    errors: list[BaseException] = []

    def recompute() -> None:
        try:
            versions.append(results_recompute(e.tournament.pk))
        except BaseException as exc:  # reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=recompute) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors
    assert versions == [16, 16]
    assert Placing.objects.filter(tournament=e.tournament).count() == 8

    # and the worker's own run at the same time as ours
    results_changed(e.tournament.pk)
    pending = results_recompute_task.delay(e.tournament.pk)
    mine = results_recompute(e.tournament.pk)
    assert (mine, pending.get(timeout=30)) == (17, 17)
    assert Placing.objects.filter(tournament=e.tournament).count() == 8
    assert set(Placing.objects.values_list("version", flat=True)) == {17}
