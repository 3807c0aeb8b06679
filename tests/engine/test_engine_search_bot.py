"""The seat's knowledge, the determinisation sampler, the counting and search bots, and the
post-deal analysis."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis import analyse_record
from engine.bots import HeuristicBot, RandomBot, bot_action
from engine.cards import CODES
from engine.counting import CountingBot
from engine.deal import PACK, Deal
from engine.knowledge import SUIT_MASKS, Knowledge
from engine.rules import Ruleset
from engine.sampler import Sampler
from engine.scn import deal_record
from engine.search import SearchBot

rulesets = st.builds(
    Ruleset,
    rank_order=st.sampled_from(["natural", "mariash"]),
    early_end=st.booleans(),
)


def _advance(deal: Deal, steps: int, rng: random.Random) -> None:
    """Pass and play ``steps`` random actions (never ending the deal)."""
    bot = RandomBot(rng=rng)
    while deal.phase == "pass":
        seat = deal.turn
        assert seat is not None
        deal.apply(bot_action(bot, deal, seat))
    for _ in range(steps):
        seat = deal.turn
        if seat is None:
            return
        probe = deal.clone()
        action = bot_action(bot, deal, seat)
        probe.apply(action)
        if probe.is_over():
            return
        deal.apply(action)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 30),
    seat=st.integers(0, 3),
    ruleset=rulesets,
)
def test_sampler_only_draws_deals_consistent_with_the_seats_view(
    seed: int, steps: int, seat: int, ruleset: Ruleset
) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rng=rng, dealer=seed & 3, ruleset=ruleset)
    _advance(deal, steps, rng)
    known = Knowledge.of(deal, seat)
    sampler = Sampler(known)
    for _ in range(5):
        world = sampler.sample(rng)
        # The seat sees exactly what it saw: hand, pass, received, every card played by whom.
        assert Knowledge.of(world, seat) == known
        assert world.plays == deal.plays
        assert world.hand_mask(seat) == deal.hand_mask(seat)
        for other in range(4):
            held = world.hand_mask(other)
            assert held.bit_count() == deal.hand_mask(other).bit_count()
            for suit in range(4):  # no card of a suit the seat has shown void in
                if known.voids[other] >> suit & 1:
                    assert not held & SUIT_MASKS[suit]
        if known.phase == "play":  # the left still holds the passed cards it has not played
            left = (seat + 1) & 3
            assert world.hand_mask(left) & known.left_holds == known.left_holds


def test_sampler_draws_every_hidden_card_somewhere_else() -> None:
    deal = Deal.new(seed=12)
    _advance(deal, 9, random.Random(3))
    k = Knowledge.of(deal, 0)
    worlds = [Sampler(k).sample(random.Random(i)) for i in range(40)]
    # Uniform sampling moves the hidden cards around: not always the true hands.
    assert len({tuple(w.hand_mask(s) for s in range(4)) for w in worlds}) > 20


def test_knowledge_is_built_from_the_view_and_the_public_plays_only() -> None:
    deal = Deal.new(seed=4)
    _advance(deal, 11, random.Random(4))
    k = Knowledge.of(deal, 2)
    other = Sampler(k).sample(random.Random(9))
    assert other.hand_mask(1) != deal.hand_mask(1) or other.hand_mask(3) != deal.hand_mask(3)
    assert Knowledge.of(other, 2) == k


@pytest.mark.parametrize("bot", [CountingBot(), "search"])
def test_bots_decide_from_the_seats_knowledge_not_the_hidden_hands(bot: object) -> None:
    """Two deals that look the same to the seat (other hidden hands) get the same action."""
    for seed in range(6):
        deal = Deal.new(seed=seed)
        _advance(deal, 3 + seed * 3, random.Random(seed))
        seat = deal.turn
        assert seat is not None
        twin = Sampler(Knowledge.of(deal, seat)).sample(random.Random(seed + 100))
        assert twin.hand_mask((seat + 1) & 3) != deal.hand_mask((seat + 1) & 3) or seed == 0
        if bot == "search":
            a = bot_action(SearchBot(samples=6, seed=seed), deal, seat)
            b = bot_action(SearchBot(samples=6, seed=seed), twin, seat)
        else:
            assert isinstance(bot, CountingBot)
            a, b = bot_action(bot, deal, seat), bot_action(bot, twin, seat)
        assert a == b


def _play_out(bots: list[object], seed: int, ruleset: Ruleset) -> Deal:
    deal = Deal.new(seed=seed, dealer=seed & 3, ruleset=ruleset)
    while not deal.is_over():
        seat = deal.turn
        assert seat is not None
        action = bot_action(bots[seat], deal, int(seat))  # type: ignore[attr-defined]
        if action == PACK + seat:
            assert deal.can_pack(seat)
        else:
            assert action in deal.legal_actions(seat)
        deal.apply(action, seat)
    return deal


@pytest.mark.parametrize("rank_order", ["natural", "mariash"])
def test_counting_and_search_bots_take_only_legal_actions(rank_order: str) -> None:
    ruleset = Ruleset(rank_order=rank_order, early_end=rank_order == "natural")  # type: ignore[arg-type]
    for seed in range(4):
        bots = [SearchBot(samples=3, seed=seed), CountingBot(), HeuristicBot(), CountingBot()]
        assert _play_out(bots, seed, ruleset).is_over()
    for seed in range(30):
        assert _play_out([CountingBot()] * 4, seed, ruleset).is_over()


def test_search_bot_is_reproducible_from_a_seed() -> None:
    def actions(seed: int) -> tuple[int, ...]:
        bots = [SearchBot(samples=5, seed=seed) for _ in range(4)]
        return _play_out(bots, 7, Ruleset()).history

    assert actions(3) == actions(3)


def test_counting_bot_packs_when_it_has_surely_lost() -> None:
    """Without the early end a seat past 17 has more than anyone can reach: it packs."""
    ruleset = Ruleset(early_end=False)
    for seed in range(200):
        deal = Deal.new(seed=seed, ruleset=ruleset)
        bots = [HeuristicBot()] * 4
        while not deal.is_over():
            seat = deal.turn
            assert seat is not None
            k = Knowledge.of(deal, seat)
            if k.phase == "play" and k.points[seat] >= 17:
                assert bot_action(CountingBot(), deal, seat) == PACK + seat
                return
            deal.apply(bot_action(bots[seat], deal, seat))
    pytest.fail("no seat reached 17 in 200 deals")


# -- the analysis against an exhaustive search -----------------------------------------------


def _exhaustive(deal: Deal) -> list[tuple[int, int]]:
    """(lost, points) of every seat under max^n play, written independently: plain recursion
    over the public API, each seat minimising (lost, points), the lowest card on ties."""
    if deal.is_over():
        result = deal.result()
        return [(int(s in result.loser), result.points[s]) for s in range(4)]
    seat = deal.turn
    assert seat is not None
    outcomes = []
    for card in sorted(deal.legal_actions()):
        child = deal.clone()
        child.apply(card)
        values = _exhaustive(child)
        outcomes.append((values[seat], card, values))
    return min(outcomes, key=lambda o: (o[0], o[1]))[2]


@pytest.mark.parametrize("seed", range(8))
def test_analysis_best_move_agrees_with_exhaustive_search_in_the_last_tricks(seed: int) -> None:
    deal = Deal.new(seed=seed, ruleset=Ruleset(early_end=False))
    bots = [HeuristicBot()] * 4  # never packs: the deal is played to the 8th trick
    while not deal.is_over():
        seat = deal.turn
        assert seat is not None
        deal.apply(bot_action(bots[seat], deal, seat))
    record = deal_record(deal)
    loser = int(deal.result().loser[0])
    report = analyse_record(
        record,
        Ruleset(early_end=False),
        seat=loser,
        exact_tricks=3,
        perfect_information=True,
        play_samples=1,
        pass_samples=1,
    )
    checked = 0
    for decision in report["decisions"]:
        if decision["phase"] != "play" or decision["trick"] < 6:
            continue
        state = Deal.from_hands(record["hands"], record["dealer"], Ruleset(early_end=False))
        for action in deal.history[: decision["index"]]:
            state.apply(action)
        values = {}
        for card in state.legal_actions():
            child = state.clone()
            child.apply(card)
            values[card] = _exhaustive(child)[loser]
        best = min(values, key=lambda c: (values[c], c))
        assert decision["best"] == {"type": "play", "card": CODES[best]}
        assert decision["best_loss"] == values[best][0]
        checked += 1
    assert checked >= 2


# -- the command line ------------------------------------------------------------------------


def test_cli_match_accepts_the_new_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli import main

    assert main(["match", "--deals", "2", "search:10", "counting", "medium", "heuristic"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["bots"] == {"A": "search:10", "B": "counting", "C": "medium", "D": "heuristic"}
    assert sum(out["losses"].values()) >= 2
    assert main(["match", "--deals", "1", "search:x", "random", "random", "random"]) == 2
    assert json.loads(capsys.readouterr().out)["error"] == "usage"


def test_cli_analyse_prints_each_decision_with_its_choices(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from engine.cli import main

    deal = Deal.new(seed=21)
    while not deal.is_over():
        deal.apply(bot_action(HeuristicBot(), deal, deal.turn))  # type: ignore[arg-type]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal_record(deal)))
    assert main(["analyse", str(path), "--samples", "4", "--pass-samples", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == deal.result().loser[0].code
    first = out["decisions"][0]
    assert first["phase"] == "pass" and len(first["choices"]) == 56
    for d in out["decisions"]:
        assert d["best_loss"] <= d["chosen_loss"]
        assert d["best"] in [c["action"] for c in d["choices"]] or d["phase"] == "pack"
    path.write_text("{")
    assert main(["analyse", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["error"] == "format"
