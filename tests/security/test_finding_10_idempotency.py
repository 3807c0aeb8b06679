"""Finding 10: twenty concurrent posts of one deal with one idempotency key: every one answers
201 with the state holding that one deal (a replay answers like the first), none a false
``stale_deal_number``. Needs PostgreSQL (real row locks and concurrent connections)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from games.models import DealEntry
from tests.games.conftest import make_setup

CONCURRENT = 20


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_finding_10_concurrent_replays_of_one_key_all_answer_like_the_first() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrent writers need PostgreSQL")
    s = make_setup()
    url = f"/api/games/tables/{s.table.pk}/deals/"
    body = {"number": 1, "losers": ["B"], "idempotency_key": "judge-1-deal-1"}
    start = threading.Barrier(CONCURRENT)
    answers: list[tuple[int, Any]] = []
    lock = threading.Lock()

    def post() -> None:
        try:
            client = APIClient()
            client.force_authenticate(s.judge)
            start.wait()
            answer = client.post(url, body, format="json")
            with lock:
                answers.append((answer.status_code, answer.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post) for _ in range(CONCURRENT)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [code for code, _ in answers] == [201] * CONCURRENT, answers
    assert DealEntry.objects.count() == 1
    for _code, state in answers:
        assert [d["number"] for d in state["deals"]] == [1]


@pytest.mark.django_db
def test_finding_10_a_replay_answers_like_the_first() -> None:
    s = make_setup()
    client = APIClient()
    client.force_authenticate(s.judge)
    url = f"/api/games/tables/{s.table.pk}/deals/"
    body = {"number": 1, "losers": ["B"], "idempotency_key": "k-1"}
    first = client.post(url, body, format="json")
    again = client.post(url, body, format="json")
    assert first.status_code == again.status_code == 201
    assert first.json()["deals"] == again.json()["deals"]
    assert DealEntry.objects.count() == 1
