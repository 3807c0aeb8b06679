"""Games: letters, the dealer rotation, mečbol, placings and game records (T33-T35)."""

from __future__ import annotations

import copy
import random

import pytest

from engine import Game, InvalidRecordError, Seat, placings, score_game_record
from engine.game import word_letters


def _finished_game(word: str, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(word, seed=seed)
    while not game.is_over():
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    return game


def test_t35_seat_a_deals_first_and_the_loser_deals_next() -> None:
    game = _finished_game("TONDA", 3)
    assert game.records[0]["dealer"] == "A"
    for result, nxt in zip(game.results, game.records[1:], strict=False):
        assert nxt["dealer"] == result.loser[0].code


def test_t33_t34_letters_fill_the_word_in_order_and_the_game_ends() -> None:
    game = _finished_game("KOKOS", 8)
    loser = game.loser[0]
    assert game.letters_of(loser) == "KOKOS"
    assert all(word_letters("KOKOS").startswith(game.letters_of(s)) for s in Seat)
    with pytest.raises(Exception, match="over"):
        game.apply(0)
    assert game.legal_actions() == ()


def test_mecbol_and_placings() -> None:
    assert placings([1, 1, 0, 5]) == {Seat.A: 2, Seat.B: 2, Seat.C: 1, Seat.D: 4}
    game = Game("AB", seed=1)
    assert game.mecbol() == []
    while not game.results:
        game.apply(game.legal_actions()[0])
    losers = sorted(game.results[0].loser)
    assert game.mecbol() == losers and [game.letters[s] for s in losers] == [1] * len(losers)
    assert game.placings() == placings(game.letters)


def test_game_records_are_checked_and_scored() -> None:
    game = _finished_game("KOS", 5)
    data = {"word": "KOS", "first_dealer": "A", "deals": game.records}
    result = score_game_record(data)
    assert list(result.letters) == game.letters and result.loser == game.loser
    out = result.to_json()
    assert out["letters"][game.loser[0].code] == "KOS" and out["over"] is True


def test_game_record_errors() -> None:
    game = _finished_game("KOS", 5)
    data = {"word": "KOS", "first_dealer": "A", "deals": game.records}
    wrong_first = copy.deepcopy(data)
    wrong_first["first_dealer"] = "B"
    extra = copy.deepcopy(data)
    extra["deals"].append(data["deals"][-1])
    broken = copy.deepcopy(data)
    broken["deals"][0]["play"] = broken["deals"][0]["play"][:5]
    no_dealer = copy.deepcopy(data)
    del no_dealer["deals"][1]["dealer"]
    cases = (
        (wrong_first, "dealer", "deal 1: dealer: A dealt, but B deals"),
        (extra, "game", f"deal {len(game.records) + 1}: the game ended before this deal"),
        (broken, "incomplete", "deal 1: record: the record stops after 5 cards"),
        (no_dealer, "format", "deal 2: record: dealer must be a seat A-D, not None"),
    )
    for bad, code, detail in cases:
        with pytest.raises(InvalidRecordError) as info:
            score_game_record(bad)
        assert info.value.code == code and info.value.detail.startswith(detail)
    with pytest.raises(InvalidRecordError) as info:
        score_game_record({"word": "  ", "deals": []})
    assert info.value.code == "format"


def test_game_replays_from_json_actions() -> None:
    from engine import action_to_json

    game = _finished_game("KOS", 2)
    actions = [action_to_json(a) for a in game.history]
    again = Game.replay("KOS", seed=2, actions=actions)
    assert again.letters == game.letters
