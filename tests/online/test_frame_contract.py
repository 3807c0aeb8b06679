"""The online state frames keep to their typed contract (:class:`StateFrame`), with the
table state's names: ``word_letters``, ``word_so_far`` and ``placka`` as a list of seats."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User

from games.online import services
from games.online.consumers import TableConsumer
from games.online.frames import PUBLIC, StateFrame
from tests.online.conftest import practice_of_four
from tests.online.helpers import play_to_end
from tests.typed_json import mismatches


def _frames(game_id: int) -> dict[str, StateFrame]:
    (step,) = services.online_state(game_id=game_id).steps
    return step


def test_frames_keep_to_the_contract_from_the_first_deal_to_the_end(human: User, word: Any) -> None:
    game, users = practice_of_four(human, word)
    first = _frames(game.pk)
    assert sorted(first) == sorted([PUBLIC, "A", "B", "C", "D"])
    for frame in first.values():
        assert mismatches(frame, StateFrame) == []
    assert first[PUBLIC]["game"]["word_letters"] == list(word.letters)
    assert first[PUBLIC]["game"]["placka"] == []

    play_to_end(game.pk, users)
    last = _frames(game.pk)[PUBLIC]
    assert mismatches(last, StateFrame) == []
    held = last["game"]["word_so_far"]
    assert last["game"]["finished"] and last["game"]["placka"]
    assert all(held[seat] == word.letters for seat in last["game"]["placka"])


def test_a_frame_is_written_as_the_standard_encoder_writes_it(human: User, word: Any) -> None:
    """Every frame of a table reads back the same as the standard library writes it; what
    orjson would not write as it does (keys that are not text) is the standard library's,
    and what it refuses (a datetime) is refused still."""
    game, _users = practice_of_four(human, word)

    def encoded(content: Any) -> str:
        return str(async_to_sync(TableConsumer.encode_json)(content))

    for frame in _frames(game.pk).values():
        assert json.loads(encoded(frame)) == json.loads(json.dumps(frame))
    chat = {"type": "chat", "text": "Lumír: ž\u2028"}
    assert json.loads(encoded(chat)) == chat
    assert encoded({1: "a"}) == json.dumps({1: "a"})
    with pytest.raises(TypeError):
        encoded({"at": dt.datetime(2026, 1, 1)})
