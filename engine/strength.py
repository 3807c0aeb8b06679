"""Strength benchmarks of the bots (a script, not a test): ``python -m engine.strength``.

Plays bounded matches against three current heuristics, prints each seat's loss rate with a
95 % Wilson interval, and times the analysis of one deal. The dealer rotates, the deals come
from the seed, so a run is reproducible up to the search's time budget.

Output, errors and exit status follow :mod:`engine.console`, as ``python -m engine`` does:
one JSON object a line; an error is one line ``{"error": CODE, "detail": TEXT}`` on standard
output, never a traceback; exit 0 done, 2 usage error (an unknown bot, ``--deals`` under 1,
any bad argument; nothing is played then), 130 interrupted.

>>> main(["nobot"])
{"error": "usage", "detail": "unknown bot 'nobot': one of random, heuristic, counting, \
search, search:MS, easy, medium, hard"}
2
>>> main(["--deals", "-5"])
{"error": "usage", "detail": "python -m engine.strength: argument --deals: -5 is not 1 or more"}
2
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence

from engine.analysis import analyse_record
from engine.bots import HeuristicBot, bot_action, play_match
from engine.console import EXIT_OK, EXIT_USAGE, JsonArgumentParser, UsageError, emit, positive
from engine.deal import Deal
from engine.levels import BOT_NAMES, make_bot
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


def _parser() -> JsonArgumentParser:
    p = JsonArgumentParser(
        prog="python -m engine.strength",
        description="Bot strength: each BOT plays --deals deals against three heuristic "
        "bots; print its loss rate with a 95 % Wilson interval.",
    )
    p.add_argument(
        "bots",
        nargs="*",
        metavar="BOT",
        default=["counting", "search:50", "search"],
        help=f"one of: {', '.join(BOT_NAMES)} (default: counting search:50 search)",
    )
    p.add_argument("--deals", type=positive, default=300, help="deals a match (1 or more)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--analysis", action="store_true", help="also time one deal's analysis")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks named on the command line and print one JSON line per result;
    returns the exit status (:mod:`engine.console`)."""
    try:
        args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
        for bot in args.bots:  # every name is checked before the first match is played
            try:
                make_bot(bot, seed=args.seed)
            except ValueError as err:
                raise UsageError(str(err)) from None
    except UsageError as err:
        emit({"error": err.code, "detail": str(err)}, sys.stdout)
        return EXIT_USAGE
    except SystemExit as done:  # --help
        return int(done.code or 0)
    try:
        for bot in args.bots:
            emit(_match(bot, args.deals, args.seed), sys.stdout)
            sys.stdout.flush()
        if args.analysis:
            emit(_analysis_time(args.seed), sys.stdout)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
