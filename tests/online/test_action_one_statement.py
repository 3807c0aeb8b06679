"""A player's action over the state the process kept is stored in one statement, and an
action whose row moved on meanwhile is decided again on the locked row: never lost, never
applied twice."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from games.online import replay, services
from games.online.errors import OnlineError
from games.online.models import OnlineGame
from tests.factories import PlayingWordFactory, UserFactory
from tests.online.helpers import next_move

pytestmark = pytest.mark.django_db(transaction=True)


def _practice() -> tuple[int, object]:
    human = UserFactory(username="one-statement")
    word = PlayingWordFactory(letters="SMOKINGCAT", label="SMOKINGCAT", status="approved")
    game = services.online_practice_create(by=human, word=word, bots=3, bot_level="easy")
    return game.pk, human


def _stored_matches_replay(game_id: int) -> None:
    """The database alone rebuilds the state every write reported: each action once."""
    row = OnlineGame.objects.get(pk=game_id)
    replayed = replay.game_replay(row)
    assert len(row.actions) == row.version  # one stored action per version
    assert len(replayed.records) == len(replayed.results)


def test_an_action_over_the_kept_state_is_one_update() -> None:
    game_id, human = _practice()
    for _ in range(12):
        move = next_move(game_id)
        assert move is not None and move[0] == "A"
        _seat, action, version = move
        with CaptureQueriesContext(connection) as queries:
            change = services.online_act(
                game_id=game_id, user=human, action=action, version=version
            )
        # (A deal's end also queues its analysis, a job that runs in-process in the tests.)
        table = [q["sql"] for q in queries.captured_queries if '"online_' in q["sql"]]
        assert len(table) == 1 and table[0].startswith('UPDATE "online_onlinegame"'), table
        assert change.steps[0][""]["version"] == version + 1
    _stored_matches_replay(game_id)


def test_a_second_action_on_the_same_version_is_stale_and_not_stored() -> None:
    game_id, human = _practice()
    _seat, action, version = next_move(game_id)  # type: ignore[misc]
    services.online_act(game_id=game_id, user=human, action=action, version=version)
    after = OnlineGame.objects.get(pk=game_id).version
    with pytest.raises(OnlineError) as refused:
        services.online_act(game_id=game_id, user=human, action=action, version=version)
    assert refused.value.code == "stale_version"
    assert OnlineGame.objects.get(pk=game_id).version == after
    _stored_matches_replay(game_id)


def test_an_action_whose_row_moved_on_is_decided_on_the_locked_row() -> None:
    game_id, human = _practice()
    _seat, action, version = next_move(game_id)  # type: ignore[misc]
    # Another process changed the seats meanwhile: this process's kept row is behind.
    OnlineGame.objects.filter(pk=game_id).update(seats_version=F("seats_version") + 1)
    services.online_act(game_id=game_id, user=human, action=action, version=version)
    row = OnlineGame.objects.get(pk=game_id)
    assert row.version > version
    _stored_matches_replay(game_id)
    # Another process applied a move meanwhile: the player's move at the old version is
    # refused as stale rather than applied over it.
    _seat, action, version = next_move(game_id)  # type: ignore[misc]
    OnlineGame.objects.filter(pk=game_id).update(version=F("version") + 1)
    with pytest.raises(OnlineError) as refused:
        services.online_act(game_id=game_id, user=human, action=action, version=version)
    assert refused.value.code == "stale_version"
