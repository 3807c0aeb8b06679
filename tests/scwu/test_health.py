"""The health probe, the 503 for a lost database, and the helpers that keep the site up
while Redis is away (unit level; the real outages are in tests/integration/test_faults.py)."""

from __future__ import annotations

from typing import Any

import pytest
from celery import Celery
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory

from scwu.broker import task_send
from scwu.cache import TolerantRedisCache
from scwu.health import DatabaseUnavailableMiddleware
from tests.games.conftest import make_setup
from tournaments.models import ResultsState

UNREACHABLE_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1


@pytest.mark.django_db
def test_healthz_answers_ok_while_the_database_answers(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
    assert response.json()["status"] in {"ok", "degraded"}


def _view_losing_the_database(request: HttpRequest) -> HttpResponse:
    raise AssertionError("replaced by process_exception")


@pytest.mark.parametrize(
    ("path", "accept", "content_type"),
    [
        ("/api/games/tables/1/deals/", "application/json", "application/json"),
        ("/games/tables/1/", "text/html", "text/plain; charset=utf-8"),
    ],
)
def test_a_lost_database_becomes_a_503_that_says_to_retry(
    path: str, accept: str, content_type: str
) -> None:
    middleware = DatabaseUnavailableMiddleware(_view_losing_the_database)
    request = RequestFactory().post(path, HTTP_ACCEPT=accept)
    response = middleware.process_exception(request, OperationalError("server closed"))
    assert response is not None
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response["Content-Type"] == content_type
    assert b"try again" in response.content


def test_other_errors_are_left_to_django() -> None:
    middleware = DatabaseUnavailableMiddleware(_view_losing_the_database)
    request = RequestFactory().get("/")
    assert middleware.process_exception(request, ValueError("bug")) is None


def test_the_cache_degrades_to_no_cache_while_redis_is_unreachable() -> None:
    cache = TolerantRedisCache(
        UNREACHABLE_REDIS, {"OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}
    )
    assert cache.get("k", "default") == "default"
    assert cache.add("k", 1) is True  # as Django's DummyCache answers
    cache.set("k", 1)
    assert cache.get_many(["k"]) == {}
    assert cache.delete("k") is False
    with pytest.raises(ValueError):
        cache.incr("k")


def test_a_task_sent_to_an_unreachable_broker_is_reported_not_raised() -> None:
    # Not the current app: tasks queued by name after this test must still find the site's.
    app = Celery(
        "outage", broker=UNREACHABLE_REDIS, backend=UNREACHABLE_REDIS, set_as_current=False
    )
    app.conf.broker_connection_timeout = 1

    @app.task(name="outage.noop")
    def noop() -> None:
        return None

    assert task_send(noop) is False


@pytest.mark.django_db(transaction=True)
def test_results_are_computed_in_the_request_when_the_broker_is_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tournaments.results import services as results_services

    sent: list[Any] = []
    monkeypatch.setattr(results_services, "task_send", lambda *args, **kw: sent.append(args))
    s = make_setup()
    s.lose("B")
    state = ResultsState.objects.get(tournament=s.tournament)
    assert sent, "the recompute was offered to the broker first"
    assert state.computed == state.requested > 0


@pytest.mark.django_db(transaction=True)
def test_the_catch_up_recomputes_every_stale_tournament(monkeypatch: pytest.MonkeyPatch) -> None:
    from tournaments.results import catchup
    from tournaments.results import services as results_services

    s = make_setup()
    s.lose("B")
    # given a change whose recompute task was lost
    ResultsState.objects.filter(tournament=s.tournament).update(computed=0)
    assert catchup.results_stale_list() == [s.tournament.pk]
    monkeypatch.setattr(catchup, "task_send", lambda *args, **kw: False)
    monkeypatch.setattr(results_services, "task_send", lambda *args, **kw: False)
    # when the catch-up runs with the broker still down, it computes here
    assert catchup.results_catch_up() == [s.tournament.pk]
    assert catchup.results_stale_list() == []
