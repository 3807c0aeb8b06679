"""Faults injected into the real services: Redis stopped, the worker stopped or killed
mid-task, PostgreSQL restarted under load. Each test restores what it stopped, even when
it fails (``tests/integration/faults.py``), and checks that nothing recorded was lost.
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from typing import Any

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import F
from django.test import Client

from games.models import DealEntry
from scwu.broker import task_named
from scwu.services.api_tokens import api_token_create
from tests.factories import EntryFactory, RoundFactory, TournamentFactory
from tests.games.conftest import Setup, make_setup
from tests.integration.faults import (
    ROOT,
    postgres_restart,
    private_worker,
    redis_down,
    wait_until,
)
from tests.tournaments.test_draw import seated
from tournaments.models import Entry, Placing, ResultsState, Round, RoundStatus, TournamentStatus
from tournaments.results import services as results_services
from tournaments.results.services import RECOMPUTE_DELAY, results_recompute
from tournaments.services.draw import draw_replay

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

LOG_DIR = ROOT / "test-artifacts"
LONG_WORD = "KOURICIKOCKA"  # 12 letters: a four-seat game lasts at least 45 deals


def _results_state(s: Setup) -> ResultsState:
    return ResultsState.objects.get(tournament=s.tournament)


def _caught_up(s: Setup) -> bool:
    state = _results_state(s)
    return state.requested > 0 and state.computed == state.requested


def _placings(s: Setup) -> list[tuple[Any, ...]]:
    return list(
        Placing.objects.filter(tournament=s.tournament)
        .order_by("entry_id")
        .values_list("entry_id", "place", "is_shared", "points", "deals_played", "deals_lost")
    )


def _ranks(s: Setup) -> list[tuple[int, int | None]]:
    return list(
        Entry.objects.filter(tournament=s.tournament).order_by("pk").values_list("pk", "rank")
    )


def _from_scratch(s: Setup) -> list[tuple[Any, ...]]:
    """The placings a fresh recomputation in this process writes."""
    ResultsState.objects.filter(tournament=s.tournament).update(requested=F("requested") + 1)
    results_recompute(s.tournament.pk)
    return _placings(s)


def _route_results_to(monkeypatch: pytest.MonkeyPatch, queue: str) -> None:
    """Send this test's recompute tasks to a queue only the test's own worker reads."""

    def send(task: Any, *args: Any, countdown: float | None = None) -> bool:
        # services queue their tasks by name
        task = task_named(task) if isinstance(task, str) else task
        task.apply_async(args, countdown=countdown, queue=queue, ignore_result=True)
        return True

    monkeypatch.setattr(results_services, "task_send", send)


def test_with_redis_stopped_pages_serve_and_deals_record(client: Client) -> None:
    s = make_setup(word=LONG_WORD)
    s.lose("A")
    wait_until(lambda: _caught_up(s), timeout=30, what="the worker to compute the results")
    client.force_login(s.judge)
    deal_url = f"/api/games/tables/{s.table.pk}/deals/"
    pages = [
        f"/games/tables/{s.table.pk}/",
        f"/tournaments/{s.tournament.slug}/rounds/{s.round.number}/dashboard/",
        f"/tournaments/{s.tournament.slug}/results/",
        f"/tournaments/{s.tournament.slug}/",
    ]
    key = str(uuid.uuid4())

    with redis_down():
        # then every page still serves
        for url in pages:
            assert client.get(url).status_code == 200, url
        health = client.get("/healthz")
        assert health.status_code == 200
        assert health.json()["status"] == "degraded"
        # and a deal still records, once, however often it is sent
        started = time.monotonic()
        for _ in range(2):
            answer = client.post(
                deal_url,
                {"number": 2, "losers": ["B"], "idempotency_key": key},
                content_type="application/json",
            )
            assert answer.status_code == 201, answer.content
        assert time.monotonic() - started < 10, "a broker outage must not stall the request"
        assert DealEntry.objects.filter(game__table=s.table).count() == 2
        # and the standings were computed in the request, since no task could be queued
        assert _caught_up(s)

    # when Redis is back, changes go through the worker again
    s.lose("C")
    wait_until(lambda: _caught_up(s), timeout=30, what="the worker after Redis returned")
    assert _placings(s) == _from_scratch(s)


def test_with_the_worker_stopped_jobs_wait_and_run_when_it_returns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with private_worker(LOG_DIR) as worker:
        _route_results_to(monkeypatch, worker.queue)
        s = make_setup(word=LONG_WORD)
        s.lose("A", "B", "C")
        time.sleep(RECOMPUTE_DELAY + 2)
        state = _results_state(s)
        assert state.computed < state.requested, "no worker: the job must still be waiting"

        worker.start()
        wait_until(lambda: _caught_up(s), timeout=60, what="the waiting job to run")
        # the job that waited in the queue is the one that ran (not only the start-up sweep)
        ran = re.compile(rb"tournaments\.results_recompute\[[^\]]+\] succeeded")
        wait_until(
            lambda: ran.search(worker.log_since_start()) is not None,
            timeout=30,
            what="the queued job in the worker's log",
        )
        assert _placings(s) == _from_scratch(s)


def _lock_waiters(dbname: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock'",
            [dbname],
        )
        return int(cursor.fetchone()[0])


def test_a_worker_killed_mid_task_leaves_no_half_written_standings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with private_worker(LOG_DIR) as worker:
        _route_results_to(monkeypatch, worker.queue)
        worker.start()
        s = make_setup(word=LONG_WORD)
        s.lose("A", "B")
        wait_until(lambda: _caught_up(s), timeout=60, what="the first computation")
        placings_before, ranks_before = _placings(s), _ranks(s)
        computed_before = _results_state(s).computed

        # given a run that has started writing and is held before its commit: this
        # connection locks the placings the run must delete to replace them
        params = connection.get_connection_params()
        holder = psycopg.connect(
            **{k: v for k, v in params.items() if k in {"dbname", "user", "host", "port"}}
        )
        try:
            with holder.cursor() as cursor:
                cursor.execute(
                    f"SELECT id FROM {Placing._meta.db_table} WHERE tournament_id = %s FOR UPDATE",
                    [s.tournament.pk],
                )
            s.lose("C", "D")
            wait_until(
                lambda: _lock_waiters(params["dbname"]) > 0,
                timeout=30,
                what="the worker's run to block mid-write",
            )
            # when the worker is killed outright, mid-task
            worker.kill()
        finally:
            holder.rollback()
            holder.close()

        # then nothing of that run is visible: the old standings stand whole
        time.sleep(1)
        assert _placings(s) == placings_before
        assert _ranks(s) == ranks_before
        assert _results_state(s).computed == computed_before

        # and a worker that starts catches up (worker_ready sweep) to the full result
        worker.start()
        wait_until(lambda: _caught_up(s), timeout=60, what="the catch-up after the kill")
        version = _results_state(s).computed
        assert set(
            Placing.objects.filter(tournament=s.tournament).values_list("version", flat=True)
        ) == {version}
        assert _placings(s) == _from_scratch(s)


def _post(url: str, payload: dict[str, Any], auth: str) -> tuple[int, bytes, float]:
    request = urllib.request.Request(
        url,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json", "Authorization": auth},
        method="POST",
    )
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read(), time.monotonic() - started
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), time.monotonic() - started
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0, b"", time.monotonic() - started


def test_postgresql_restarted_under_load_fails_cleanly_and_loses_nothing(live_server: Any) -> None:
    tables = [make_setup(word=LONG_WORD) for _ in range(3)]
    # API clients send a token (basic auth is off: scwu/security/basic_auth.py).
    keys = {s.table.pk: api_token_create(user=s.judge, name="faults")[1] for s in tables}
    statuses: Counter[int] = Counter()
    slowest = [0.0]
    failures: list[bytes] = []
    acknowledged: dict[int, list[tuple[int, str]]] = {s.table.pk: [] for s in tables}
    lock = threading.Lock()
    stop = threading.Event()

    def judge(s: Setup) -> None:
        auth = f"Token {keys[s.table.pk]}"
        url = f"{live_server.url}/api/games/tables/{s.table.pk}/deals/"
        number = 1
        while number <= 40 and not stop.is_set():
            key = str(uuid.uuid4())
            # The same deal with the same key until the server takes it: a lost answer
            # must not become a lost (or doubled) deal.
            for _ in range(100):
                payload = {"number": number, "losers": ["ABCD"[number % 4]], "idempotency_key": key}
                code, body, took = _post(url, payload, auth)
                with lock:
                    statuses[code] += 1
                    slowest[0] = max(slowest[0], took)
                    if code != 201:
                        failures.append(body[:300])
                if code == 201:
                    acknowledged[s.table.pk].append((number, key))
                    number += 1
                    break
                time.sleep(0.2)
            else:
                return

    threads = [threading.Thread(target=judge, args=(s,)) for s in tables]
    for thread in threads:
        thread.start()
    try:
        time.sleep(1.5)
        postgres_restart()
        time.sleep(3)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        connection.close()  # ours was cut by the restart too

    # then every failure was a clean 503 that said so, and nothing hung
    assert set(statuses) <= {201, 503}, (statuses, failures[:3])
    assert all(b"try again" in body for body in failures)
    assert slowest[0] < 15
    # and every deal the server acknowledged is recorded exactly once, in order
    for s in tables:
        sent = acknowledged[s.table.pk]
        assert sent, "the load made no progress"
        recorded = list(
            DealEntry.objects.filter(game__table=s.table)
            .order_by("number")
            .values_list("number", "idempotency_key")
        )
        assert recorded == sent
        wait_until(lambda s=s: _caught_up(s), timeout=60, what="the standings after the restart")
        assert _placings(s) == _from_scratch(s)
    print(f"PostgreSQL restart under load: answers {dict(statuses)}, slowest {slowest[0]:.2f} s")


def test_a_draw_started_while_the_broker_is_down_is_refused_and_the_round_stays_drawable(
    client: Client, director: User
) -> None:
    tournament = TournamentFactory(status=TournamentStatus.RUNNING)
    tournament.directors.add(director)
    for _ in range(9):
        EntryFactory(tournament=tournament)
    round = RoundFactory(tournament=tournament, number=1)
    client.force_login(director)
    api = f"/api/rounds/{round.pk}/draw/"
    page = f"/tournaments/{tournament.slug}/rounds/1/draw/"

    with redis_down():
        # then the API says the job could not be queued and when to retry
        started = time.monotonic()
        answer = client.post(api, {"seed": 5}, content_type="application/json")
        assert time.monotonic() - started < 10, "a broker outage must not stall the request"
        assert answer.status_code == 503, answer.content
        assert answer["Retry-After"]
        assert "try again" in answer.json()["round"][0]
        # and so does the director's page
        shown = client.post(page, {"method": "random", "seed": "5"}, follow=True)
        assert "try again" in shown.content.decode()
        # and the round is not left drawing: nothing was stored
        round.refresh_from_db()
        assert round.status == RoundStatus.PLANNED
        assert not round.draw_task_id and not round.tables.exists()

    # when the broker is back, the same request draws the round (in the worker)
    answer = client.post(api, {"seed": 5}, content_type="application/json")
    assert answer.status_code == 202, answer.content
    wait_until(
        lambda: Round.objects.get(pk=round.pk).status == RoundStatus.DRAFT,
        timeout=60,
        what="the worker to draw the round",
    )
    round.refresh_from_db()
    assert round.draw_seed == 5 and not round.draw_error
    assert seated(round) == [list(t) for t in draw_replay(round.draw_inputs).tables]
