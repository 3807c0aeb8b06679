"""Strength benchmarks of the bots (a script, not a test): ``python -m engine.strength``.

Plays bounded matches against three current heuristics, prints each seat's loss rate with a
95 % Wilson interval, and times the analysis of one deal. The dealer rotates, the deals come
from the seed, so a run is reproducible up to the search's time budget.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence

from engine.analysis import analyse_record
from engine.bots import HeuristicBot, bot_action, play_match
from engine.deal import Deal
from engine.levels import make_bot
from engine.scn import deal_record

__all__ = ["main", "wilson"]


def wilson(losses: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion.

    >>> lo, hi = wilson(25, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.175, 0.343)
    """
    if n == 0:
        return (0.0, 1.0)
    p = losses / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _match(bot: str, deals: int, seed: int) -> dict[str, object]:
    start = time.perf_counter()
    result = play_match(
        [make_bot(bot, seed=seed), HeuristicBot(), HeuristicBot(), HeuristicBot()],
        deals=deals,
        seed=seed,
    )
    lo, hi = wilson(result.losses[0], deals)
    return {
        "bot": bot,
        "deals": deals,
        "losses": result.losses,
        "loss_rate": round(result.loss_rate(0), 4),
        "interval95": [round(lo, 4), round(hi, 4)],
        "seconds": round(time.perf_counter() - start, 1),
    }


def _analysis_time(seed: int) -> dict[str, object]:
    deal = Deal.new(seed=seed)
    bot = HeuristicBot()
    while not deal.is_over():
        turn = deal.turn
        assert turn is not None
        deal.apply(bot_action(bot, deal, turn))
    start = time.perf_counter()
    report = analyse_record(deal_record(deal))
    return {
        "analysis_seconds": round(time.perf_counter() - start, 2),
        "decisions": len(report["decisions"]),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks named on the command line and print one JSON line per result."""
    p = argparse.ArgumentParser(prog="python -m engine.strength")
    p.add_argument("bots", nargs="*", default=["counting", "search:50", "search"])
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--analysis", action="store_true", help="also time one deal's analysis")
    args = p.parse_args(argv)
    for bot in args.bots:
        print(json.dumps(_match(bot, args.deals, args.seed)), flush=True)
    if args.analysis:
        print(json.dumps(_analysis_time(args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
