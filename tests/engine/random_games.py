"""Random deals for the rules-agreement tests: engine-dealt, played by the engine's bots,
with revokes (renonc B) by one or several seats and the odd pack, recorded as SCN."""

from __future__ import annotations

import random
from typing import Any

from engine import HeuristicBot, RandomBot, Seat, deal_record, pack_action, score_record
from engine.bots import bot_action
from engine.deal import Deal
from engine.result import DealResult
from engine.rules import Ruleset


def revoke_card(deal: Deal, seat: int, legal: list[int], rng: random.Random) -> int | None:
    """A held card that fails to follow suit, if ``seat`` can revoke now."""
    hand = deal.hand_mask(seat)
    off_suit = [c for c in range(32) if hand >> c & 1 and c not in legal]
    return rng.choice(off_suit) if off_suit else None


def bot_deal(
    rng: random.Random,
    dealer: Seat,
    ruleset: Ruleset,
    *,
    revoke_rate: float = 0.0,
    pack_rate: float = 0.0,
) -> tuple[dict[str, Any], DealResult]:
    """A deal dealt by ``dealer`` and played by a random and a heuristic bot; a seat
    revokes at ``revoke_rate`` per card (the record may go on after a revoke, so
    several seats can revoke). Returns the SCN record and the engine's score of it."""
    hands = Deal.new(rng=rng, dealer=dealer, ruleset=ruleset)
    deal = Deal.from_hands({s.code: hands.hand(s) for s in Seat}, dealer, ruleset, referee=True)
    bots = [RandomBot(rng=rng), HeuristicBot()]
    while not deal.is_over():
        if deal.end_kind() is not None and rng.random() < 0.3:
            break  # a record may stop after a renonc or a trick that reached 17
        turn = deal.turn
        assert turn is not None
        if deal.phase == "play":
            packer = rng.randrange(4)
            if rng.random() < pack_rate and deal.can_pack(packer):
                deal.apply(pack_action(Seat(packer)))
                break
            legal = list(deal.legal_actions())
            card = revoke_card(deal, turn, legal, rng) if rng.random() < revoke_rate else None
            if card is not None:
                deal.apply(card)
                continue
        deal.apply(bot_action(rng.choice(bots), deal, turn))
    record = deal_record(deal)
    return record, score_record(record, ruleset)
