"""Hypothesis invariants over random deals and games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Deal,
    DealRecord,
    Game,
    IllegalActionError,
    Ruleset,
    deal_record,
    format_record,
    parse_record,
    score_record,
)
from engine.deal import PASS_FLAG

rulesets = st.builds(
    Ruleset,
    rank_order=st.sampled_from(["natural", "mariash"]),
    early_end=st.booleans(),
    tie_without_hejma=st.sampled_from(["last_trick", "both"]),
)


def _play(seed: int, ruleset: Ruleset, pack_rate: float = 0.0) -> tuple[Deal, list[int]]:
    rng = random.Random(seed)
    deal = Deal.new(rng=rng, dealer=rng.randrange(4), ruleset=ruleset)
    actions = []
    while deal.legal_actions():
        if deal.phase == "play" and rng.random() < pack_rate:
            s = rng.randrange(4)
            if deal.can_pack(s):
                deal.apply(32 + s)
                actions.append(32 + s)
                break
        acts = deal.legal_actions()
        assert list(acts) == sorted(acts)
        a = acts[rng.randrange(len(acts))]
        deal.apply(a)
        actions.append(a)
    return deal, actions


def _all_cards_accounted(deal: Deal) -> None:
    seen = 0
    pieces = [deal.hand_mask(s) for s in range(4)]
    pieces += [1 << c for c in deal._trick]
    pieces += [1 << c for _, cards, _ in deal._tricks for c in cards]
    if deal.phase == "pass":
        pieces += [deal.passed_mask(s) for s in range(4) if not deal._passes[(s + 1) & 3]]
    for p in pieces:
        assert not seen & p
        seen |= p
    assert seen == (1 << 32) - 1


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=rulesets, pack=st.sampled_from([0.0, 0.02]))
def test_random_deals_keep_the_rules(seed: int, ruleset: Ruleset, pack: float) -> None:
    deal, actions = _play(seed, ruleset, pack)
    assert deal.is_over() and deal.legal_actions() == ()
    _all_cards_accounted(deal)
    result = deal.result()
    if result.end == "played":
        assert sum(result.points) == 33 and sum(result.tricks) == 8
    elif result.end == "early":
        assert ruleset.early_end and max(result.points) >= 17 and result.last_trick is None
    else:
        assert result.end == "packed" and sum(result.points) == 33
        assert result.points[actions[-1] - 32] >= 17
    if ruleset.tie_without_hejma == "last_trick":
        assert len(result.loser) == 1
    assert 1 <= len(result.loser) <= 2
    assert result.points[result.loser[0]] == max(result.points)
    # records round-trip and replay to the same result
    record = deal_record(deal)
    assert DealRecord.from_json(record).to_json() == record
    assert parse_record(format_record(DealRecord.from_json(record))).to_json() == record
    assert score_record(record, ruleset) == result
    # replay from the seed is deterministic
    again, again_actions = _play(seed, ruleset, pack)
    assert again_actions == actions and again.result() == result


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), probes=st.lists(st.integers(0, 40), min_size=1, max_size=5))
def test_legal_actions_exist_until_the_end_and_illegal_ones_raise(
    seed: int, probes: list[int]
) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rng=rng)
    while True:
        over = deal.is_over()
        assert bool(deal.legal_actions()) == (not over)
        for p in probes:
            candidates = [p % 32, 32 + p % 4, PASS_FLAG | (p % 4) << 32 | 7 << (p % 29)]
            for a in candidates:
                allowed = a in deal.legal_actions() or (32 <= a < 36 and deal.can_pack(a - 32))
                if deal.phase == "pass" and a & PASS_FLAG:
                    allowed = a in deal.legal_actions(a >> 32 & 3)
                probe = deal.clone()
                try:
                    probe.apply(a)
                    assert allowed, f"accepted {a}"
                except IllegalActionError:
                    assert not allowed, f"refused {a}"
        if over:
            break
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), word=st.sampled_from(["KOS", "TONDA", "Herr FLICK"]))
def test_games_end_when_a_word_is_complete_and_replay_exactly(seed: int, word: str) -> None:
    rng = random.Random(seed)
    game = Game(word, seed=seed)
    while not game.is_over():
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    n = len(word.replace(" ", ""))
    assert max(game.letters) == n and game.loser
    assert sum(game.letters) == sum(len(r.loser) for r in game.results)
    for prev, before, rec in zip(game.results, game.records, game.records[1:], strict=False):
        assert rec["dealer"] == prev.next_dealer(str(before["dealer"])).code
    again = Game.replay(word, seed=seed, actions=game.history)
    assert again.letters == game.letters and again.records == game.records
