"""Post-deal analysis: where a finished deal was decided, seen from one seat.

For each decision the seat took (its pass and each card it played), every legal
choice is estimated by the search bot's own method (:func:`engine.search.evaluate`:
deals sampled from what the seat knew at that moment, played on to the end) as a
probability of losing the deal; the report gives the choice made and the best one.

>>> from engine.deal import Deal
>>> from engine.scn import deal_record
>>> from engine.counting import CountingBot
>>> deal = Deal.new(seed=8)
>>> while not deal.is_over():
...     deal.apply(CountingBot().choose(Knowledge.of(deal, deal.turn)))
>>> report = analyse_record(deal_record(deal), pass_samples=2, play_samples=4)
>>> report["seat"] in "ABCD", report["decisions"][0]["phase"]
(True, 'pass')
"""

from __future__ import annotations

import random
from typing import Any

from engine.actions import action_to_json
from engine.deal import PACK, PASS_FLAG, Deal
from engine.errors import EngineError
from engine.knowledge import Knowledge
from engine.rules import DEFAULT_RULESET, Ruleset
from engine.sampler import DealSampler, KnownDeal, Sampler
from engine.scn import DealRecord, check_record, replay_record
from engine.search import candidate_passes, evaluate

__all__ = ["NotAnalysableError", "analyse_record"]


class NotAnalysableError(EngineError):
    """A valid record the analysis cannot use (a deal ended by a renonc)."""

    code = "renonc"


def analyse_record(
    record: DealRecord | dict[str, object],
    ruleset: Ruleset = DEFAULT_RULESET,
    *,
    seat: int | None = None,
    pass_samples: int = 24,
    play_samples: int = 120,
    exact_tricks: int = 2,
    seed: int = 1,
    perfect_information: bool = False,
) -> dict[str, Any]:
    """The analysis of a complete deal record for ``seat`` (default: the loser) as JSON.

    Raises :class:`~engine.errors.InvalidRecordError` for a record that breaks the rules or
    is incomplete, and :class:`NotAnalysableError` for a deal that ended in a renonc (its
    plays need not follow the rules the sampler relies on). ``perfect_information``
    replaces the sampler by the true deal: what each choice was worth had the seat seen
    every hand.
    """
    _, result = check_record(record, ruleset)
    if result.end == "renonc":
        raise NotAnalysableError("a deal ended by a renonc is not analysed")
    who = int(result.loser[0]) if seat is None else seat
    rng = random.Random(seed)
    states = list(replay_record(record, ruleset))
    decisions: list[dict[str, Any]] = []
    rec = record if isinstance(record, DealRecord) else DealRecord.from_json(record)
    start = Deal([sum(1 << c for c in hand) for hand in rec.hands], int(rec.dealer), ruleset)
    for i, state in enumerate(states[:-1]):
        if state.end_kind() is not None:
            break  # a physical table played on after 17: the rest decided nothing
        action = states[i + 1].history[-1]
        if action & PASS_FLAG:
            if action >> 32 & 3 != who:
                continue
        elif action == PACK + who:
            decisions.append(_pack_decision(i, state.plays, action))
            continue
        elif action >= 32 or state.turn != who:
            continue
        k = Knowledge.of(state, who)
        sampler: DealSampler = Sampler(k)
        if perfect_information:
            known = start.clone()
            for earlier in state.history:
                known.apply(earlier)
            sampler = KnownDeal(known)
        if k.phase == "pass":
            choices = candidate_passes(k)
            samples = pass_samples
        else:
            choices = sorted({*state.legal_actions(who)})
            samples = play_samples
        estimates = evaluate(
            k, choices, rng, samples=samples, exact_tricks=exact_tricks, sampler=sampler
        )
        by_action = {e.action: e for e in estimates}
        best = min(estimates, key=lambda e: e.rank)
        chosen = by_action[action]
        decisions.append(
            {
                "index": i,
                "phase": k.phase,
                "trick": len(k.plays) // 4 + 1 if k.phase == "play" else 0,
                "samples": samples,
                "choices": [
                    {"action": action_to_json(e.action), "loss": round(e.loss, 3)}
                    for e in sorted(estimates, key=lambda e: e.rank)
                ],
                "chosen": action_to_json(action),
                "chosen_loss": round(chosen.loss, 3),
                "best": action_to_json(best.action),
                "best_loss": round(best.loss, 3),
            }
        )
    return {
        "seat": "ABCD"[who],
        "loser": [s.code for s in result.loser],
        "points": list(result.points),
        "end": result.end,
        "decisions": decisions,
    }


def _pack_decision(index: int, plays: tuple[int, ...], action: int) -> dict[str, Any]:
    pack = action_to_json(action)
    return {
        "index": index,
        "phase": "pack",
        "trick": len(plays) // 4 + 1,
        "samples": 0,
        "choices": [],
        "chosen": pack,
        "chosen_loss": 1.0,
        "best": pack,
        "best_loss": 1.0,
    }
