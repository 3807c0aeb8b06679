"""The online state frames keep to their typed contract (:class:`StateFrame`), with the
table state's names: ``word_letters``, ``word_so_far`` and ``placka`` as a list of seats."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games.online import services
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
