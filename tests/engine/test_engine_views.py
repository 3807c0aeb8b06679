"""Information hiding: at every step of many random deals, every seat's view shows
exactly what the rules let that seat know, and the public view shows no hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import Deal, Ruleset, Seat, public_view, seat_view
from engine.cards import CODES, INDEX


def _codes_in(obj: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(obj, dict):
        for v in obj.values():
            found |= _codes_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= _codes_in(v)
    elif isinstance(obj, str) and obj in INDEX:
        found.add(obj)
    return found


def _mask_codes(mask: int) -> list[str]:
    return [CODES[i] for i in range(32) if mask >> i & 1]


class Witness:
    """An independent account of what each seat may know, kept from the actions alone."""

    def __init__(self, hands: list[int], dealer: int) -> None:
        self.hands = list(hands)
        self.passes = [0, 0, 0, 0]
        self.trick: list[int] = []
        self.last_trick: list[int] = []
        self.leader = (dealer + 1) & 3
        self.turn = self.leader

    def allowed(self, seat: int, over: bool) -> set[str]:
        if over:
            return set(CODES)
        cards = set(_mask_codes(self.hands[seat] | self.passes[seat]))
        if self.passes[seat] and self.passes[(seat + 3) & 3]:
            cards |= set(_mask_codes(self.passes[(seat + 3) & 3]))
        cards |= {CODES[c] for c in self.trick}
        if not self.trick:
            cards |= {CODES[c] for c in self.last_trick}
        return cards

    def apply(self, deal: Deal, action: int) -> None:
        if action >= 1 << 34:
            s, mask = action >> 32 & 3, action & 0xFFFFFFFF
            self.hands[s] &= ~mask
            self.passes[s] = mask
            if self.passes[(s + 1) & 3]:
                self.hands[(s + 1) & 3] |= mask
            if self.passes[(s + 3) & 3]:
                self.hands[s] |= self.passes[(s + 3) & 3]
        elif action < 32:
            self.hands[self.turn] &= ~(1 << action)
            self.trick.append(action)
            self.turn = (self.turn + 1) & 3
            if len(self.trick) == 4:
                self.last_trick, self.trick = self.trick, []
                self.turn = int(deal._tricks[-1][2])


@pytest.mark.parametrize("seed", range(60))
def test_every_seat_sees_exactly_what_it_may_know(seed: int) -> None:
    rng = random.Random(seed)
    ruleset = Ruleset(early_end=seed % 3 != 0)
    deal = Deal.new(rng=rng, dealer=seed % 4, ruleset=ruleset)
    witness = Witness([deal.hand_mask(s) for s in Seat], seed % 4)
    while True:
        over = deal.is_over()
        public = public_view(deal)
        json.dumps(public)
        assert "hand" not in public and "passed" not in public and "received" not in public
        public_codes = _codes_in(public)
        for s in Seat:
            view = seat_view(deal, s)
            json.dumps(view)
            assert view["hand"] == _mask_codes(witness.hands[s])
            assert _codes_in(view) <= witness.allowed(s, over), f"seat {s.code} sees too much"
            assert _codes_in({k: v for k, v in view.items() if k != "result"}) >= (
                set(view["hand"]) | {c["card"] for c in view["trick"]}
            )
            if not over:
                assert view["result"] is None and view["tricks"] is None
                assert "points" not in json.dumps(view)
            assert view["received"] is None or witness.passes[s]
            # Built on the public view (once for every seat, as a table's frames are): the same.
            assert seat_view(deal, s, public) == view
        assert deal.last_trick == (deal.tricks[-1] if deal.tricks else None)
        if not over:
            assert public_codes <= {CODES[c] for c in witness.trick + witness.last_trick}
        else:
            assert public["result"] is not None
            break
        if deal.phase == "play" and rng.random() < 0.01 and deal.can_pack(deal.turn or 0):
            deal.apply(32 + int(deal.turn or 0))
            continue
        if deal.phase == "pass":
            s = rng.choice([s for s in Seat if not deal.has_passed(s)])
            acts = deal.legal_actions(s)
        else:
            acts = deal.legal_actions()
        action = acts[rng.randrange(len(acts))]
        deal.apply(action)
        witness.apply(deal, action)


def test_t37_the_last_trick_is_visible_only_until_the_next_lead() -> None:
    deal = Deal.new(seed=4)
    for _ in range(4):
        deal.apply(deal.legal_actions()[0])
    for _ in range(4):
        deal.apply(deal.legal_actions()[0])
    first = seat_view(deal, Seat.C)["last_trick"]
    assert first is not None and len(first["cards"]) == 4
    deal.apply(deal.legal_actions()[0])
    assert all(seat_view(deal, s)["last_trick"] is None for s in Seat)
    for _ in range(3):
        deal.apply(deal.legal_actions()[0])
    second = public_view(deal)["last_trick"]
    assert second is not None and second != first  # the older trick is gone for good
