"""Practice tables cannot burn the WebSocket process: a player sits at a limited number of
unfinished practice games (refused with the reason, and leaving one frees a place), and
the hard bots of one process search within a shared thinking budget."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse

from engine import Deal
from games.online import bots, services
from games.online.models import BotLevel, OnlineGame, OnlineSeat, OnlineStatus
from tests.factories import UserFactory
from tests.online.conftest import human, practice_of_four, word  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

LIMIT_TEXT = "You already play at 2 practice tables, as many as anyone may"


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _form(playing_word: Any) -> dict[str, Any]:
    return {"word": playing_word.pk, "bots": 3, "bot_level": "hard", "seconds_per_action": 30}


@override_settings(SCWU_PRACTICE_TABLES_PER_USER=2)
def test_a_player_cannot_open_or_join_more_practice_tables_than_the_limit(
    human: User,  # noqa: F811
    word: Any,  # noqa: F811
) -> None:
    client = _client(human)
    url = reverse("online:practice")
    assert client.post(url, _form(word)).status_code == 302
    assert client.post(url, _form(word)).status_code == 302
    refused = client.post(url, _form(word))
    assert refused.status_code == 400
    assert LIMIT_TEXT in refused.content.decode()
    assert OnlineGame.objects.filter(created_by=human).count() == 2
    # Play again and joining someone's open table are places too.
    first = OnlineGame.objects.filter(created_by=human).first()
    assert first is not None
    again = client.post(reverse("online:again", args=[first.pk]), follow=True)
    assert LIMIT_TEXT in again.content.decode()
    other = services.online_practice_create(by=UserFactory(), word=word, bots=0)
    joined = client.post(reverse("online:join", args=[other.pk]), follow=True)
    assert LIMIT_TEXT in joined.content.decode()
    assert not OnlineSeat.objects.filter(game=other, user=human).exists()
    assert OnlineGame.objects.filter(seats__user=human).count() == 2


@override_settings(SCWU_PRACTICE_TABLES_PER_USER=1)
def test_leaving_a_practice_table_ends_it_and_frees_the_place(
    human: User,  # noqa: F811
    word: Any,  # noqa: F811
) -> None:
    client = _client(human)
    assert client.post(reverse("online:practice"), _form(word)).status_code == 302
    game = OnlineGame.objects.get(created_by=human)
    lobby = client.get(reverse("online:lobby")).content.decode()
    assert reverse("online:leave", args=[game.pk]) in lobby
    left = client.post(reverse("online:leave", args=[game.pk]), follow=True)
    assert "You left the table." in left.content.decode()
    game.refresh_from_db()
    assert game.status == OnlineStatus.FINISHED  # nobody plays there any more
    assert not game.seats.filter(user__isnull=False).exists()
    assert client.post(reverse("online:practice"), _form(word)).status_code == 302
    # Leaving twice, or a game one does not sit at, is refused with the reason.
    again = client.post(reverse("online:leave", args=[game.pk]), follow=True)
    assert "You play at no such practice game." in again.content.decode()


def test_a_player_leaving_a_running_game_of_four_hands_the_seat_to_a_bot(
    human: User,  # noqa: F811
    word: Any,  # noqa: F811
) -> None:
    game, users = practice_of_four(human, word)
    assert game.status == OnlineStatus.RUNNING
    services.online_practice_leave(by=users["B"], game_id=game.pk)
    game.refresh_from_db()
    seat = game.seats.get(seat="B")
    assert seat.is_bot and seat.user is None and not seat.connected
    assert game.status == OnlineStatus.RUNNING  # the others play on
    assert game.version >= 1  # the bot in B passed at once


def test_hard_bots_stop_searching_once_the_processs_thinking_budget_is_spent(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.SCWU_BOT_HARD_MS = 100
    budget = bots.ThinkingBudget(share=0.0, reserve=0.25)  # no refill: 0.25 s in all
    monkeypatch.setattr(bots, "_budget", budget)
    deal = Deal.new(seed=7)
    seat = next(s for s in range(4) if not deal.has_passed(s))
    started = time.perf_counter()
    for _ in range(10):  # ten hard decisions would search 1 s without a budget
        bots.bot_decide(BotLevel.HARD, deal, seat)
    spent = time.perf_counter() - started
    assert spent < 0.6, spent
    assert budget.seconds < bots.MIN_SEARCH  # the searches took the budget
    # While one search runs, another table's hard bot does not search beside it.
    plenty = bots.ThinkingBudget(share=1.0, reserve=10.0)
    monkeypatch.setattr(bots, "_budget", plenty)
    assert plenty.grant(0.1) == 0.1  # a search of another table is under way
    started = time.perf_counter()
    bots.bot_decide(BotLevel.HARD, deal, seat)
    assert time.perf_counter() - started < 0.05
