"""Issue 34, finding 3, on the real worker: a deal that ends queues its analysis (queue
``analysis``), the worker stores it, and the API serves it from storage."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import DealAnalysis
from games.online import services
from games.online.models import OnlineGame
from tests.factories import PlayingWordFactory, UserFactory
from tests.online.test_levels_and_review import finish_first_deal

pytestmark = pytest.mark.integration


@pytest.mark.django_db(transaction=True)
def test_the_worker_analyses_a_finished_deal_and_the_api_serves_it() -> None:
    human: User = UserFactory()
    word = PlayingWordFactory(letters="KOS", label="KOS", status="approved")
    game = services.online_practice_create(by=human, word=word, bots=3, bot_level="easy")
    assert not DealAnalysis.objects.exists()
    finish_first_deal(game.pk, {"A": human})
    client = Client()
    client.force_login(human)
    api = f"/api/games/online/{game.pk}/deals/1/analysis/?seat=A"
    deadline = time.monotonic() + 60
    while (answer := client.get(api)).status_code == 202:
        assert time.monotonic() < deadline, "the worker did not analyse the deal in 60 s"
        time.sleep(0.2)
    assert answer.status_code == 200 and answer.json()["seat"] == "A"
    assert DealAnalysis.objects.count() == 4, "every seat analysed by the one job"
    assert OnlineGame.objects.get(pk=game.pk).status != "finished"
