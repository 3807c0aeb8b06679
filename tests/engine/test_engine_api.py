"""The engine's public API: accessors, seat arguments, packing among the legal actions,
bots that see only their seat's knowledge, one IllegalActionError for both games."""

from __future__ import annotations

import inspect
import random

import pytest

from engine import Deal, IllegalActionError, InvalidRecordError, ParseError, Seat
from engine.bots import HeuristicBot, RandomBot, bot_action
from engine.cards import CODES
from engine.counting import CountingBot
from engine.deal import PACK
from engine.knowledge import Knowledge
from engine.search import SearchBot
from engine.smoke import errors as smoke_errors
from engine.smoke.hand import HandState


def _advance(deal: Deal, plays: int, rng: random.Random) -> None:
    while deal.phase == "pass":
        acts = deal.legal_actions()
        deal.apply(acts[int(rng.random() * len(acts))])
    for _ in range(plays):
        acts = deal.legal_actions()
        if not acts:  # the deal ended early
            return
        deal.apply(acts[int(rng.random() * len(acts))])


def test_accessors_tell_the_table_as_the_plays_made_it() -> None:
    deal = Deal.new(seed=5)
    assert deal.trick == () and deal.trick_leader is None and deal.led_suit is None
    _advance(deal, 6, random.Random(2))
    plays = deal.plays
    assert deal.tricks_played == 1 and len(deal.tricks) == 1
    first = deal.tricks[0]
    assert first.cards == plays[:4] and first.leader == deal.dealer.left
    assert deal.trick == plays[4:] and deal.led_suit == plays[4] >> 3
    assert deal.trick_leader == first.taker
    assert sum(deal.trick_counts()) == 1


def test_passes_given_and_received_follow_the_pass() -> None:
    deal = Deal.new(seed=2)
    b = deal.turn
    assert b is not None
    deal.apply(deal.legal_actions()[0])
    assert deal.passed_mask(b).bit_count() == 3 and deal.received_mask(b) == 0
    assert deal.received_mask(b.left) == 0  # the left has not passed yet
    while deal.phase == "pass":
        deal.apply(deal.legal_actions()[0])
    for s in Seat:
        assert deal.received_mask(s.left) == deal.passed_mask(s)
        after = (deal.dealt_mask(s) & ~deal.passed_mask(s)) | deal.received_mask(s)
        assert after == deal.hand_mask(s)


@pytest.mark.parametrize("seat", [Seat.C, "C", "c", 2])
def test_seat_arguments_take_a_seat_a_letter_or_an_index(seat: object) -> None:
    deal = Deal.new(seed=1, dealer=seat)  # type: ignore[arg-type]
    assert deal.dealer is Seat.C
    assert deal.hand(seat) == deal.hand(Seat.C)  # type: ignore[arg-type]
    hands = {s: CODES[i::4] for i, s in enumerate(Seat)}
    by_letter = {s.code: cards for s, cards in hands.items()}
    assert Deal.from_hands(hands, seat).hand("A") == Deal.from_hands(by_letter, "C").hand(0)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["E", "AB", 4, -1, None, 1.0])
def test_a_bad_seat_gets_a_clear_error(bad: object) -> None:
    deal = Deal.new(seed=1)
    with pytest.raises(ParseError, match="not a seat"):
        deal.hand(bad)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="not a seat"):
        Deal.new(seed=1, dealer=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="not a seat"):
        Deal.from_hands({bad: [], "B": [], "C": [], "D": []}, "A")  # type: ignore[dict-item]


def test_packing_is_among_the_legal_actions_when_asked_for() -> None:
    rng = random.Random(4)
    for seed in range(30):
        deal = Deal.new(seed=seed)
        _advance(deal, rng.randrange(0, 30), rng)
        if deal.is_over():
            continue
        for s in Seat:
            acts = deal.legal_actions(s, with_pack=True)
            assert (PACK + s in acts) == deal.can_pack(s)
            assert [a for a in acts if a != PACK + s] == list(deal.legal_actions(s))
            assert list(acts) == sorted(acts)
        assert all(a < PACK for a in deal.legal_actions())  # the default leaves it out


def test_bots_are_given_the_seats_knowledge_not_the_deal() -> None:
    for bot in (RandomBot(seed=1), HeuristicBot(), CountingBot(), SearchBot(samples=2, seed=1)):
        params = list(inspect.signature(bot.choose).parameters)
        assert params == ["k"]
    deal = Deal.new(seed=9)
    _advance(deal, 5, random.Random(9))
    seat = deal.turn
    assert seat is not None
    k = Knowledge.of(deal, seat)
    assert HeuristicBot().choose(k) == bot_action(HeuristicBot(), deal, seat)
    assert set(k.legal_actions()) == set(deal.legal_actions(seat))


def test_one_illegal_action_error_for_both_games() -> None:
    with pytest.raises(IllegalActionError) as cat:
        Deal.new(seed=1).apply(0)
    with pytest.raises(IllegalActionError) as smoke:
        HandState(3, seed=1).result()
    assert cat.value.reason == smoke.value.reason == "phase"
    assert isinstance(smoke.value, smoke_errors.SmokeError)
    err = smoke_errors.IllegalActionError("not now", reason="turn")
    assert (str(err), err.reason, err.code) == ("not now", "turn", "illegal")


def test_smoke_uses_the_same_names() -> None:
    state = HandState(4, seed=3)
    assert state.turn == 1 and not state.is_over()
    while not state.is_over():
        state.apply(state.legal_actions()[-1])
    assert state.turn is None and sum(state.result().tricks) in (0, 5)
    assert state.seat_view(0)["hand"] == []


def test_knowledge_of_a_deal_is_what_the_seats_view_and_the_plays_give() -> None:
    from engine.views import seat_view

    rng = random.Random(11)
    for seed in range(25):
        deal = Deal.new(seed=seed, dealer=seed & 3)
        passes = rng.randrange(0, 4)
        for _ in range(passes):
            deal.apply(deal.legal_actions()[0])
        if passes == 3:
            _advance(deal, rng.randrange(0, 32), rng)
        for s in Seat:
            assert Knowledge.of(deal, s) == Knowledge.from_view(seat_view(deal, s), deal.plays)


def test_smoke_bots_are_given_the_seats_view_not_the_hand_state() -> None:
    from engine.smoke.bots import HeuristicBot as SmokeHeuristic
    from engine.smoke.bots import RandomBot as SmokeRandom
    from engine.smoke.bots import bot_action as smoke_bot_action

    for bot in (SmokeHeuristic(), SmokeRandom(random.Random(1))):
        assert list(inspect.signature(bot.choose).parameters) == ["view"]
    state = HandState(4, seed=6)
    while not state.is_over():
        seat = state.turn
        assert seat is not None
        view = state.seat_view(seat)
        assert "stock" not in view and view["hand_sizes"][seat] == len(view["hand"])
        action = smoke_bot_action(SmokeHeuristic(), state)
        assert action == SmokeHeuristic().choose(view) and action in state.legal_actions()
        state.apply(action)
