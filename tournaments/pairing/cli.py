"""Command line: ``python -m tournaments.pairing schedule|bench ...``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .bench import bench_main
from .errors import PairingError
from .schedule import schedule_make


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        """One line on stderr and exit status 2, no usage dump."""
        raise SystemExit(_fail(message, status=2))


def _fail(message: str, *, status: int = 1) -> int:
    print(f"error: {message}", file=sys.stderr)
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m tournaments.pairing", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sched = sub.add_parser("schedule", help="print a whole schedule as JSON")
    sched.add_argument("--players", type=int, required=True)
    sched.add_argument("--rounds", type=int, required=True)
    sched.add_argument("--seed", type=int, default=0)
    sched.add_argument("--report", action="store_true", help="add the quality report")
    bench = sub.add_parser("bench", help="time schedules for several fields")
    bench.add_argument("--players", type=int, nargs="*", default=None)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "schedule":
            schedule = schedule_make(args.players, args.rounds, seed=args.seed)
            out: dict[str, object] = {"rounds": [[list(t) for t in r] for r in schedule.rounds]}
            if args.report:
                out["construction"] = schedule.construction
                out["report"] = schedule.report().to_dict()
            print(json.dumps(out))
            return 0
        return bench_main(args.players)
    except PairingError as exc:
        return _fail(exc.message)
