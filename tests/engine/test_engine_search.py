"""Search support: clone, undo and determinisation (what one seat may know, and no more)."""

from __future__ import annotations

import random

import pytest

from engine import Deal, IllegalActionError, Ruleset, deal_record, score_record
from engine.deal import SUIT_MASK, deal_masks
from engine.determinisation import deal_with_hands, determinise, hidden_cards, sample_hands
from engine.errors import EngineError
from tests.engine.helpers import random_deal


def _state(deal: Deal) -> tuple[object, ...]:
    """Every slot of a deal, lists as tuples: two equal states give equal tuples."""
    return tuple(
        tuple(v) if isinstance(v, list) else v
        for v in (getattr(deal, name) for name in Deal.__slots__)
    )


def _walk(seed: int, *, referee: bool = False, pack_rate: float = 0.03) -> list[tuple[Deal, int]]:
    """(state, action) pairs along one random deal: passes, plays, renoncs and a pack."""
    rng = random.Random(seed)
    if referee:
        deal = Deal(deal_masks(rng, seed & 3), seed & 3, Ruleset(), referee=True)
    else:
        deal = Deal.new(rng=rng, dealer=seed & 3)
    steps = []
    while not deal.is_over():
        if deal.phase == "play" and rng.random() < pack_rate:
            p = rng.randrange(4)
            if deal.can_pack(p):
                steps.append((deal.clone(), 32 + p))
                deal.apply(32 + p)
                continue
        acts = list(deal.legal_actions())
        if referee and deal.phase == "play" and rng.random() < 0.2:
            acts = [c for c in range(32) if deal.hand_mask(deal.turn) >> c & 1]  # type: ignore[operator]
        action = acts[rng.randrange(len(acts))]
        steps.append((deal.clone(), action))
        deal.apply(action)
    return steps


def _dealing_loop(rng: random.Random, dealer: int) -> list[int]:
    """The dealing rule written plainly: ``deal_masks`` must give exactly this."""
    r = rng.getrandbits(192)
    cards = list(range(32))
    for n in range(32, 1, -1):
        r, j = divmod(r, n)
        cards[n - 1], cards[j] = cards[j], cards[n - 1]
    hands = [0, 0, 0, 0]
    for k in range(4):
        hands[(dealer + 1 + k) & 3] = sum(1 << c for c in cards[k::4])
    return hands


def test_a_seed_deals_what_the_plain_dealing_loop_deals() -> None:
    for seed in range(300):
        for dealer in range(4):
            fast = deal_masks(random.Random(seed), dealer)
            assert fast == _dealing_loop(random.Random(seed), dealer)


@pytest.mark.parametrize("referee", [False, True])
def test_apply_then_undo_restores_every_slot(referee: bool) -> None:
    renoncs = packs = 0
    for seed in range(120):
        for before, action in _walk(seed, referee=referee):
            deal = before.clone()
            assert _state(deal) == _state(before)
            deal.apply(action)
            renoncs += len(deal._renonc) > len(before._renonc)
            packs += action in range(32, 36)
            assert deal.undo() == action
            assert _state(deal) == _state(before)
    assert packs > 0 and (renoncs > 0 or not referee)


def test_undo_walks_a_whole_deal_back_to_the_deal() -> None:
    deal = random_deal(11, pack_rate=0.02)
    fresh = Deal(list(deal._dealt), int(deal.dealer), deal.ruleset)
    while deal.history:
        deal.undo()
    assert _state(deal) == _state(fresh)
    with pytest.raises(IllegalActionError):
        deal.undo()


def test_a_clone_is_independent() -> None:
    deal = Deal.new(seed=3)
    copy = deal.clone()
    copy.apply(copy.legal_actions()[0])
    assert deal.history == () and len(copy.history) == 1


def _mid_play(seed: int) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(rng=rng, dealer=seed & 3)
    stop = rng.randrange(0, 28)
    while not deal.is_over() and (deal.phase == "pass" or len(deal.plays) < stop):
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])
    return deal


def _voids(deal: Deal) -> list[int]:
    void = [0, 0, 0, 0]
    tricks = [(leader, cards) for leader, cards, _ in deal._tricks]
    if deal._trick:
        tricks.append((deal._leader, tuple(deal._trick)))
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            if c >> 3 != cards[0] >> 3:
                void[(leader + i) & 3] |= SUIT_MASK[cards[0] >> 3]
    return void


def test_a_determinised_deal_keeps_what_the_seat_knows() -> None:
    for seed in range(200):
        deal = _mid_play(seed)
        if deal.is_over():
            continue
        for seat in range(4):
            world = determinise(deal, seat, random.Random(seed))
            assert world.hand_mask(seat) == deal.hand_mask(seat)
            assert world.plays == deal.plays and world.turn == deal.turn
            assert world.points() == deal.points() and world._tricks == deal._tricks
            assert [world.hand_mask(s).bit_count() for s in range(4)] == [
                deal.hand_mask(s).bit_count() for s in range(4)
            ]
            assert sum(world.hand_mask(s) for s in range(4)) == sum(
                deal.hand_mask(s) for s in range(4)
            )
            mine = deal._passes[seat] & ~sum(1 << c for c in deal.plays)
            assert world.hand_mask((seat + 1) & 3) & mine == mine  # my pass sits on my left
            for s, void in enumerate(_voids(deal)):
                assert not world.hand_mask(s) & void
            if deal.turn == seat:
                assert list(world.legal_actions()) == list(deal.legal_actions())


def test_a_determinised_deal_plays_on_and_scores_as_its_own_record() -> None:
    for seed in range(150):
        deal = _mid_play(seed)
        if deal.is_over():
            continue
        rng = random.Random(seed)
        world = determinise(deal, seed & 3, rng)
        while not world.is_over():
            acts = world.legal_actions()
            world.apply(acts[rng.randrange(len(acts))])
        assert score_record(deal_record(world)) == world.result()


def test_a_determinised_deal_depends_only_on_what_the_seat_knows() -> None:
    """Two real deals the seat cannot tell apart give the same sample from the same seed."""
    for seed in range(150):
        deal = _mid_play(seed)
        seat = seed & 3
        if deal.is_over() and deal.phase != "pass":
            continue
        other = determinise(deal, seat, random.Random(seed + 1))  # the same to this seat
        a = determinise(deal, seat, random.Random(5))
        b = determinise(other, seat, random.Random(5))
        assert _state(a) == _state(b)


def test_determinise_in_the_pass_phase() -> None:
    for seed in range(100):
        rng = random.Random(seed)
        deal = Deal.new(rng=rng, dealer=seed & 3)
        for _ in range(rng.randrange(4)):
            acts = deal.legal_actions()
            deal.apply(acts[rng.randrange(len(acts))])
        seat = rng.randrange(4)
        world = determinise(deal, seat, random.Random(seed))
        assert world.phase == "pass" and world.hand_mask(seat) == deal.hand_mask(seat)
        assert [world.has_passed(s) for s in range(4)] == [deal.has_passed(s) for s in range(4)]
        assert world._passes[seat] == deal._passes[seat]
        other = determinise(deal, seat, random.Random(seed + 1))
        again = determinise(other, seat, random.Random(seed))
        assert _state(again) == _state(world)
        while not world.is_over():
            world.apply(world.legal_actions()[0])
        assert score_record(deal_record(world)) == world.result()


def test_deal_with_hands_refuses_hands_the_seat_would_know_are_wrong() -> None:
    deal = _mid_play(4)
    while deal.phase == "pass":
        deal.apply(deal.legal_actions()[0])
    seat = int(deal.turn)  # type: ignore[arg-type]
    hands = sample_hands(deal, seat, random.Random(1))
    assert deal_with_hands(deal, seat, hands).hand_mask(seat) == hands[seat]
    swapped = list(hands)
    swapped[seat] = hands[(seat + 1) & 3]
    with pytest.raises(EngineError):
        deal_with_hands(deal, seat, swapped)
    others = [s for s in range(4) if s != seat]
    moved = list(hands)
    card = moved[others[0]] & -moved[others[0]]
    moved[others[0]] ^= card
    moved[others[1]] |= card
    with pytest.raises(EngineError):
        deal_with_hands(deal, seat, moved)  # wrong hand sizes
    k = hidden_cards(deal, seat)
    assert k.need[seat] == 0 and not k.unknown & k.hand
    with pytest.raises(EngineError):
        hidden_cards(Deal.new(seed=1), 0)


@pytest.mark.parametrize("referee", [False, True])
def test_playout_is_the_checked_random_loop(referee: bool) -> None:
    rulesets = [Ruleset(), Ruleset(early_end=False), Ruleset(rank_order="mariash")]
    for seed in range(300):
        rng = random.Random(seed)
        ruleset = rulesets[seed % 3]
        deal = Deal(deal_masks(rng, seed & 3), seed & 3, ruleset, referee=referee)
        for _ in range(rng.randrange(40)):  # start anywhere: in the pass, in a trick
            acts = deal.legal_actions()
            if acts:
                deal.apply(acts[rng.randrange(len(acts))])
        fast, slow = deal.clone(), deal.clone()
        fast.playout(random.Random(seed))
        draw = random.Random(seed).random
        while acts := slow.legal_actions():
            slow.apply(acts[int(draw() * len(acts))])
        assert _state(fast) == _state(slow)
        assert fast.result() == slow.result()


def test_the_exact_draw_is_uniform_over_the_splits_that_fit_the_voids() -> None:
    """The fallback behind the quick draws: every fitting split, none other, evenly."""
    from itertools import product

    from engine.determinisation import _exact

    cards = [0, 1, 2, 8, 9, 16]  # three hearts, two spades, one diamond
    need = [0, 2, 2, 2]
    hearts, spades = SUIT_MASK[0], SUIT_MASK[1]
    every = (1 << 32) - 1
    allowed = [0, every & ~hearts, every & ~spades, every]  # B lacks hearts, C spades
    fits = set()
    for owners in product((1, 2, 3), repeat=len(cards)):
        hands = [0, 0, 0, 0]
        for c, t in zip(cards, owners, strict=True):
            hands[t] |= 1 << c
        if all(hands[t].bit_count() == need[t] and not hands[t] & ~allowed[t] for t in (1, 2, 3)):
            fits.add(tuple(hands))
    rng = random.Random(4)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(200 * len(fits)):
        drawn = _exact(cards, need, allowed, [1, 2, 3], rng)
        assert drawn is not None
        counts[tuple(drawn)] = counts.get(tuple(drawn), 0) + 1
    assert set(counts) == fits
    assert max(counts.values()) < 1.5 * min(counts.values())
    assert _exact(cards, [0, 4, 2, 0], allowed, [1, 2], rng) is None  # B holds 3 at most
