"""The command line: ``python -m engine [--game cat|smoke] COMMAND ...``.

Commands: ``score`` (one SCN deal record, or ``--lines``: one per line),
``score-game`` (a game record), ``play`` (a deal or game against three bots in
the terminal), ``bench`` (deals per second through the public API) and
``match`` (bots against each other). Bad input prints ``{"error": CODE,
"detail": TEXT}`` and exits with status 2, never a traceback.

>>> main(["score", "--help"]) if False else 0
0
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import IO

from engine.bots import BOTS, HeuristicBot, RandomBot, play_match
from engine.deal import Deal
from engine.errors import EngineError, InvalidRecordError
from engine.game import score_game_record
from engine.rules import Ruleset
from engine.scn import score_record

__all__ = ["bench", "main"]


def _ruleset(args: argparse.Namespace) -> Ruleset:
    return Ruleset(
        rank_order=args.rank_order,
        early_end=not args.no_early_end,
        tie_without_hejma=args.tie_without_hejma,
    )


def _rules_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rank-order", choices=("natural", "mariash"), default="natural")
    p.add_argument("--tie-without-hejma", choices=("last_trick", "both"), default="last_trick")
    p.add_argument("--no-early-end", action="store_true", help="play on after a seat reaches 17")


def _read(path: str | None) -> str:
    if path is None or path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def _dump(obj: object, out: IO[str]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _score_text(text: str, ruleset: Ruleset, game: bool) -> dict[str, object]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        return {"error": "format", "detail": f"not JSON: {err}"[:300]}
    try:
        if game:
            return score_game_record(data, ruleset).to_json()
        return score_record(data, ruleset).to_json()
    except InvalidRecordError as err:
        return err.as_json()
    except EngineError as err:  # any other bad value inside the record
        return {"error": "format", "detail": str(err)[:300]}


def _cmd_score(args: argparse.Namespace, game: bool) -> int:
    ruleset = _ruleset(args)
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as err:
        _dump({"error": "file", "detail": str(err)}, sys.stdout)
        return 2
    if not args.lines:
        result = _score_text(text, ruleset, game)
        _dump(result, sys.stdout)
        return 2 if "error" in result else 0
    status = 0
    out = sys.stdout
    for line in text.splitlines():
        if not line.strip():
            continue
        result = _score_text(line, ruleset, game)
        if "error" in result:
            status = 2
        _dump(result, out)
    return status


def bench(seconds: float = 3.0, seed: int = 1, bot: str = "random") -> tuple[int, float, float]:
    """Play deals through the public API (every action checked) for ``seconds``;
    return (deals, wall seconds, CPU seconds). ``bot`` is ``random`` or ``heuristic``.

    >>> deals, elapsed, cpu = bench(0.05)
    >>> deals > 0
    True
    """
    import random

    rng = random.Random(seed)
    rnd = rng.random
    heuristic = HeuristicBot()
    deals = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            deal = Deal.new(rng=rng)
            if bot == "random":
                legal, apply = deal.legal_actions, deal.apply
                while True:
                    acts = legal()
                    if not acts:
                        break
                    apply(acts[int(rnd() * len(acts))])
            else:
                while not deal.is_over():
                    seat = deal.turn
                    assert seat is not None
                    deal.apply(heuristic.choose(deal, seat))
            deal.result()
        deals += 100
        now = time.perf_counter()
        if now >= deadline:
            return deals, now - start, time.process_time() - cpu


def _cmd_bench(args: argparse.Namespace) -> int:
    for bot in ("random", "heuristic"):
        deals, elapsed, cpu = bench(args.seconds, args.seed, bot)
        print(
            f"{bot:9} {deals / elapsed:8.0f} deals/s wall, {deals / max(cpu, 1e-9):8.0f} per CPU"
            f" second ({deals} deals in {elapsed:.2f} s)"
        )
    return 0


def _cmd_match(args: argparse.Namespace) -> int:
    names = args.bots or ["heuristic", "random", "random", "random"]
    if len(names) != 4 or not set(names) <= set(BOTS):
        _dump(
            {"error": "usage", "detail": "give four bots (seats A-D): random or heuristic"},
            sys.stdout,
        )
        return 2
    bots = [
        RandomBot(seed=args.seed * 10 + i) if n == "random" else HeuristicBot()
        for i, n in enumerate(names)
    ]
    result = play_match(bots, deals=args.deals, seed=args.seed, ruleset=_ruleset(args))
    _dump(
        {
            "deals": result.deals,
            "bots": dict(zip("ABCD", names, strict=True)),
            "losses": dict(zip("ABCD", result.losses, strict=True)),
            "loss_rate": {s: round(result.loss_rate(i), 4) for i, s in enumerate("ABCD")},
            "points_per_deal": {
                s: round(result.points[i] / max(1, result.deals), 2) for i, s in enumerate("ABCD")
            },
        },
        sys.stdout,
    )
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m engine", description="The Smoking Cat engine.")
    p.add_argument("--game", choices=("cat", "smoke"), default="cat")
    sub = p.add_subparsers(dest="command", required=True)
    for name, help_ in (("score", "score one SCN deal record"), ("score-game", "score a game")):
        s = sub.add_parser(name, help=help_)
        s.add_argument("file", nargs="?", help="a file (default: standard input)")
        s.add_argument("--lines", action="store_true", help="one record per line")
        _rules_options(s)
    b = sub.add_parser("bench", help="deals per second through the public API")
    b.add_argument("--seconds", type=float, default=3.0)
    b.add_argument("--seed", type=int, default=1)
    m = sub.add_parser("match", help="bots against each other")
    m.add_argument("bots", nargs="*", metavar="BOT", help="four of: random, heuristic")
    m.add_argument("--deals", type=int, default=10000)
    m.add_argument("--seed", type=int, default=1)
    _rules_options(m)
    pl = sub.add_parser("play", help="play against three bots in the terminal")
    pl.add_argument("--seat", default="A", choices=list("ABCD"))
    pl.add_argument("--word", default=None, help="play a whole game with this word")
    pl.add_argument("--seed", type=int, default=None)
    pl.add_argument("--lang", choices=("en", "cs", "ru"), default="en")
    pl.add_argument("--pattern", choices=("czech", "french"), default="czech")
    pl.add_argument("--bot", choices=sorted(BOTS), default="heuristic")
    _rules_options(pl)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    game = "cat"
    if args_list and args_list[0].startswith("--game"):
        if args_list[0] == "--game" and len(args_list) > 1:
            game, args_list = args_list[1], args_list[2:]
        elif args_list[0].startswith("--game="):
            game, args_list = args_list[0].split("=", 1)[1], args_list[1:]
    if game == "smoke":
        try:
            from engine.smoke.cli import main as smoke_main
        except ImportError as err:
            print(f"error: the smoke game is not available: {err}", file=sys.stderr)
            return 2
        return int(smoke_main(args_list))
    if game != "cat":
        print(f"error: unknown game {game!r} (cat or smoke)", file=sys.stderr)
        return 2
    args = _parser().parse_args(args_list)
    try:
        if args.command in ("score", "score-game"):
            return _cmd_score(args, args.command == "score-game")
        if args.command == "bench":
            return _cmd_bench(args)
        if args.command == "match":
            return _cmd_match(args)
        from engine.play import play_command

        return play_command(args, _ruleset(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
