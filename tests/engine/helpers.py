"""Helpers for the engine tests: hand-made deals and random play."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engine.cards import CODES, INDEX
from engine.deal import PASS_FLAG, Deal
from engine.rules import DEFAULT_RULESET, Ruleset

# The golden records of engine/RULES.md, kept with the tests so
# the golden tests read them from the repository.
EXAMPLES = json.loads((Path(__file__).parent / "data" / "deals.json").read_text(encoding="utf-8"))


def example(name: str) -> dict[str, Any]:
    """The golden example of that name."""
    return next(e for e in EXAMPLES if e["name"] == name)


def fill_hands(fixed: dict[str, list[str]], void: dict[str, str] | None = None) -> list[int]:
    """Four 8-card masks: the fixed cards, the rest spread over seats not void in the suit."""
    void = void or {}
    masks = [0, 0, 0, 0]
    used = 0
    for s, cards in fixed.items():
        for c in cards:
            masks["ABCD".index(s)] |= 1 << INDEX[c]
            used |= 1 << INDEX[c]
    free = [c for c in range(32) if not used >> c & 1]
    free.sort(key=lambda c: sum("HSDC"[c >> 3] in void.get(s, "") for s in "ABCD"), reverse=True)
    for c in free:
        suit = "HSDC"[c >> 3]
        options = [
            s for s in range(4) if masks[s].bit_count() < 8 and suit not in void.get("ABCD"[s], "")
        ]
        assert options, f"cannot place {CODES[c]}"
        best = min(options, key=lambda s: masks[s].bit_count())
        masks[best] |= 1 << c
    assert all(m.bit_count() == 8 for m in masks)
    return masks


def deal_after_pass(
    hands: list[int], dealer: int = 3, ruleset: Ruleset = DEFAULT_RULESET, *, referee: bool = False
) -> Deal:
    """A deal in the play phase whose hands after the pass are ``hands``.

    Each seat passes the three lowest cards its left neighbour should end with.
    """
    gives = []
    for s in range(4):
        target = hands[(s + 1) & 3]
        low = [c for c in range(32) if target >> c & 1][:3]
        gives.append(sum(1 << c for c in low))
    dealt = [(hands[s] & ~gives[(s + 3) & 3]) | gives[s] for s in range(4)]
    deal = Deal(dealt, dealer, ruleset, referee=referee)
    for s in range(4):
        deal.apply(PASS_FLAG | s << 32 | gives[s])
    assert [deal.hand_mask(s) for s in range(4)] == hands
    return deal


def play(deal: Deal, *codes: str) -> None:
    """Play cards by code, in order."""
    for code in codes:
        deal.apply(INDEX[code])


def random_deal(seed: int, ruleset: Ruleset = DEFAULT_RULESET, pack_rate: float = 0.0) -> Deal:
    """A deal played at random to the end (with an occasional pack if ``pack_rate``)."""
    rng = random.Random(seed)
    deal = Deal.new(rng=rng, dealer=rng.randrange(4), ruleset=ruleset)
    while not deal.is_over():
        if pack_rate and deal.phase == "play" and rng.random() < pack_rate:
            seat = rng.randrange(4)
            if deal.can_pack(seat):
                deal.apply(32 + seat)
                break
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))])
    return deal


def redealt(record: dict[str, Any], dealer: str) -> dict[str, Any]:
    """The SCN ``record`` with its seats turned so that ``dealer`` deals it: the same cards
    played in the same order, each seat's hand, pass and pack moved as many seats
    clockwise as the dealer moved (so its loser moves with them).

    >>> turned = redealt({"dealer": "D", "hands": {"A": []}, "passes": {"D": []}}, "A")
    >>> turned["dealer"], list(turned["hands"]), list(turned["passes"])
    ('A', ['B'], ['A'])
    """
    shift = ("ABCD".index(dealer) - "ABCD".index(record["dealer"])) % 4

    def turn(seat: str) -> str:
        return "ABCD"[("ABCD".index(seat) + shift) % 4]

    out = {
        **record,
        "dealer": dealer,
        "hands": {turn(seat): cards for seat, cards in record["hands"].items()},
        "passes": {turn(seat): cards for seat, cards in record["passes"].items()},
    }
    if isinstance(record.get("pack"), dict):
        out["pack"] = {**record["pack"], "seat": turn(record["pack"]["seat"])}
    return out
