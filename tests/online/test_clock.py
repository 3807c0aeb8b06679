"""Clocks: time per action, a grace period, then a pause until the player is back
(practice: no bot takes the seat) or the director's decision (tournament); all of it in the
state frame."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.models import DealEntry
from games.online import clock_runner, services
from games.online.errors import OnlineError
from games.online.models import OnlineGame
from tests.online.conftest import OnlineTournament, practice_of_four, run, ws_connect
from tests.online.helpers import next_move

pytestmark = pytest.mark.django_db(transaction=True)


def later(row: OnlineGame, seconds: float = 1) -> dt.datetime:
    assert row.deadline is not None
    return row.deadline + dt.timedelta(seconds=seconds)


def test_a_practice_human_out_of_time_gets_grace_then_the_game_pauses_for_them(
    human: User, word: Any
) -> None:
    game = services.online_practice_create(by=human, word=word, bots=3, seconds_per_action=10)
    row = OnlineGame.objects.get(pk=game.pk)
    assert row.in_grace, "nobody is connected yet: the clock starts in the grace period"
    services.online_presence(game_id=row.pk, user=human, connected=True)
    row.refresh_from_db()
    assert row.deadline is not None and not row.in_grace
    assert row.deadline - timezone.now() <= dt.timedelta(seconds=10)

    # Not yet expired: nothing happens.
    assert services.online_clock_expire(game_id=row.pk, now=timezone.now()) is None

    change = services.online_clock_expire(game_id=row.pk, now=later(row))
    assert change is not None
    frame = change.steps[-1]["A"]
    assert frame["clock"]["grace"] is True and frame["clock"]["seat"] == "A"
    row.refresh_from_db()
    version = row.version

    change = services.online_clock_expire(game_id=row.pk, now=later(row))
    assert change is not None
    row.refresh_from_db()
    assert not row.seats.get(seat="A").bot_takeover, "no bot takes a practice seat"
    assert row.version == version, "nobody moved for A"
    assert row.waiting_for_director == "A" and row.deadline is None
    assert change.steps[-1]["A"]["clock"]["waiting_for_director"] == "A"

    # A plays on: the pause ends at once and the bots answer.
    move = next_move(row.pk)
    assert move is not None and move[0] == "A"
    services.online_act(game_id=row.pk, user=human, action=move[1], version=move[2])
    row.refresh_from_db()
    assert row.waiting_for_director == "" and row.version > version
    assert row.deadline is not None


def test_the_bot_s_deals_are_marked_on_the_record(
    online_tournament: OnlineTournament,
) -> None:
    t = online_tournament
    game = services.online_game_start(by=t.director, table=t.table)
    row = OnlineGame.objects.get(pk=game.pk)
    # B (first to pass) never connected, so its clock started in the grace period.
    assert row.in_grace
    services.online_clock_expire(game_id=row.pk, now=later(row))
    row.refresh_from_db()
    assert row.waiting_for_director == "B"
    services.online_director_decide(by=t.director, game_id=row.pk, allow_bot=True)
    humans = {s: u for s, u in t.players.items() if s != "B"}
    # B is played by the bot once someone moves: the humans' moves finish the first deal.
    while not DealEntry.objects.filter(game__table=t.table).exists():
        move = next_move(row.pk)
        assert move is not None
        seat_code, action, version = move
        assert seat_code != "B", "the bot moves for B at once"
        services.online_act(game_id=row.pk, user=humans[seat_code], action=action, version=version)
    first = DealEntry.objects.get(game__table=t.table, number=1)
    assert first.record["online"]["bot_takeover"] == ["B"]


def test_a_tournament_seat_out_of_time_waits_for_the_director(
    online_tournament: OnlineTournament,
) -> None:
    t = online_tournament
    game = services.online_game_start(by=t.director, table=t.table)
    services.online_presence(game_id=game.pk, user=t.players["B"], connected=True)
    row = OnlineGame.objects.get(pk=game.pk)
    assert not row.in_grace  # B, to pass first, is connected: a full clock
    services.online_clock_expire(game_id=row.pk, now=later(row))
    row.refresh_from_db()
    assert row.in_grace
    change = services.online_clock_expire(game_id=row.pk, now=later(row))
    assert change is not None
    row.refresh_from_db()
    waiting = row.waiting_for_director
    assert waiting and row.deadline is None
    assert change.steps[-1][""]["clock"]["waiting_for_director"] == waiting
    assert not row.seats.get(seat=waiting).bot_takeover
    version = row.version

    with pytest.raises(OnlineError) as refused:
        services.online_director_decide(by=t.players["A"], game_id=row.pk, allow_bot=True)
    assert refused.value.code == "forbidden"

    services.online_director_decide(by=t.director, game_id=row.pk, allow_bot=False)
    row.refresh_from_db()
    assert row.waiting_for_director == "" and row.deadline is not None  # a fresh clock
    assert row.version == version

    for _ in range(2):  # time, then grace, run out again
        services.online_clock_expire(game_id=row.pk, now=later(row))
        row.refresh_from_db()
    row.refresh_from_db()
    assert row.waiting_for_director == waiting
    services.online_director_decide(by=t.director, game_id=row.pk, allow_bot=True)
    row.refresh_from_db()
    assert row.seats.get(seat=waiting).bot_takeover
    assert row.version > version


def test_a_disconnect_while_to_move_starts_the_grace_and_the_runner_acts_on_it(
    human: User, word: Any
) -> None:
    game, users = practice_of_four(human, word)  # dealer A: B passes first

    async def scenario() -> dict[str, Any]:
        a = await ws_connect(game, users["A"])
        b = await ws_connect(game, users["B"])
        await a.state()
        first = await b.state()
        assert first["clock"]["seat"] == "B" and first["clock"]["grace"] is False
        await b.close()
        await a.drain(timeout=0.05)
        await a.close()
        return a.frames[-1]

    last = run(scenario)
    seats = {s["seat"]: s for s in last["seats"]}
    assert seats["B"]["connected"] is False
    assert last["clock"]["seat"] == "B" and last["clock"]["grace"] is True
    row = OnlineGame.objects.get(pk=game.pk)
    version = row.version
    # The runner acts on every expired deadline it finds: B's grace is over, the game pauses.
    OnlineGame.objects.filter(pk=row.pk).update(deadline=timezone.now() - dt.timedelta(seconds=1))
    assert run(clock_runner.clock_tick) == 1
    row.refresh_from_db()
    assert not row.seats.get(seat="B").bot_takeover
    assert row.version == version and row.waiting_for_director == "B"
    assert run(clock_runner.clock_tick) == 0  # no clock runs while paused
    # B comes back: the game resumes at once with B's clock.
    services.online_presence(game_id=row.pk, user=users["B"], connected=True)
    row.refresh_from_db()
    assert row.waiting_for_director == "" and row.deadline is not None and not row.in_grace


def test_a_returning_human_takes_the_seat_back_from_the_bot(human: User, word: Any) -> None:
    game = services.online_practice_create(by=human, word=word, bots=3)
    OnlineGame.objects.get(pk=game.pk).seats.filter(seat="A").update(bot_takeover=True)
    change = services.online_presence(game_id=game.pk, user=human, connected=True)
    assert change is not None
    assert change.steps[-1]["A"]["seats"][0] == {
        "seat": "A",
        "name": human.username,
        "is_bot": False,
        "connected": True,
        "bot_takeover": False,
    }
