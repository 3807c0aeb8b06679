"""The command line: ``python -m engine [--game cat|smoke] COMMAND ...``.

Commands: ``score`` (one SCN deal record, or ``--lines``: one per line),
``score-game`` (a game record), ``play`` (a deal or game against three bots in
the terminal), ``bench`` (deals per second through the public API) and
``match`` (bots against each other: ``random``, ``heuristic``, ``counting``,
``search``, ``search:MS``) and ``analyse`` (a finished deal record, seen from one
seat, as JSON: :mod:`engine.analysis`). Output, errors and exit status follow
:mod:`engine.console`: JSON one object a line, an error as one line
``{"error": CODE, "detail": TEXT}`` on standard output, exit 0 done, 1 invalid input,
2 usage error; never a traceback.

>>> main(["match", "--deals", "-3"])
{"error": "usage", "detail": "python -m engine match: argument --deals: -3 is not 1 or more"}
2
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import IO

from engine.analysis import NotAnalysableError, analyse_record
from engine.bots import HeuristicBot, play_match
from engine.cards import SEATS, Seat
from engine.console import (
    EXIT_HELP,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    JsonArgumentParser,
    UsageError,
    emit,
    non_negative,
    positive,
    positive_float,
)
from engine.errors import EngineError, InvalidRecordError
from engine.game import score_game_record
from engine.gamerecord import is_game_record, replay_game
from engine.levels import BOT_NAMES, make_bot
from engine.result import DealResult
from engine.rules import Ruleset
from engine.scn import score_record

__all__ = ["bench", "main", "result_text", "score_lines"]


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


def _score_text(text: str, ruleset: Ruleset, game: bool) -> dict[str, object]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        return {"error": "format", "detail": f"not JSON: {err}"[:300]}
    try:
        if game and is_game_record(data):
            return replay_game(data, ruleset).to_json()
        if game:
            return score_game_record(data, ruleset).to_json()
        return score_record(data, ruleset).to_json()
    except InvalidRecordError as err:
        return err.as_json()
    except EngineError as err:  # any other bad value inside the record
        return {"error": "format", "detail": str(err)[:300]}


_SEAT_TEXT: dict[Seat | None, str] = {None: "null", **{s: f'"{s.code}"' for s in SEATS}}


def result_text(result: DealResult) -> str:
    """``json.dumps(result.to_json(), ensure_ascii=False)``, written directly (no newline).

    >>> from engine.deal import Deal
    >>> d = Deal.new(seed=2)
    >>> while not d.is_over():
    ...     d.apply(d.legal_actions()[0])
    >>> r = d.result()
    >>> result_text(r) == json.dumps(r.to_json(), ensure_ascii=False)
    True
    """
    p, t = result.points, result.tricks
    seat = _SEAT_TEXT
    renonc = ", ".join(f'{{"seat": "{r.seat.code}", "play": {r.play}}}' for r in result.renonc)
    return (
        f'{{"points": {{"A": {p[0]}, "B": {p[1]}, "C": {p[2]}, "D": {p[3]}}}, '
        f'"tricks": {{"A": {t[0]}, "B": {t[1]}, "C": {t[2]}, "D": {t[3]}}}, '
        f'"hejma": {seat[result.hejma]}, "last_trick": {seat[result.last_trick]}, '
        f'"loser": [{", ".join([seat[s] for s in result.loser])}], "end": "{result.end}", '
        f'"renonc": [{renonc}]}}'
    )


def _score_one(line: str, ruleset: Ruleset, game: bool) -> str:
    """One line of ``score --lines`` output (no newline); an error starts with ``{"error"``."""
    if not game:
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            pass  # _score_text words the error
        else:
            try:
                return result_text(score_record(data, ruleset))
            except EngineError:
                pass  # _score_text words the error
    return json.dumps(_score_text(line, ruleset, game), ensure_ascii=False)


def _score_batch(job: tuple[list[str], Ruleset, bool]) -> tuple[int, str]:
    lines, ruleset, game = job
    status = 0
    out = []
    for line in lines:
        if line.isspace() or not line:
            continue
        text = _score_one(line, ruleset, game)
        if text.startswith('{"error"'):
            status = EXIT_INVALID
        out.append(text)
    out.append("")
    return status, "\n".join(out)


def _batches(lines: Iterable[str], size: int) -> Iterator[list[str]]:
    batch: list[str] = []
    for line in lines:
        batch.append(line)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def score_lines(
    lines: Iterable[str], ruleset: Ruleset, out: IO[str], *, game: bool = False, jobs: int = 1
) -> int:
    """Score one record per line (blank lines skipped), print one JSON line each; exit status.

    ``lines`` is consumed as a stream, in batches of 2,000; ``jobs`` > 1 scores the
    batches in that many worker processes (0: one per CPU); the output keeps the input's
    order either way.
    """
    status = 0
    batches = ((batch, ruleset, game) for batch in _batches(lines, 2000))
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if jobs <= 1:
        for job in batches:
            st, text = _score_batch(job)
            status = max(status, st)
            out.write(text)
        return status
    import multiprocessing

    # "spawn", not the platform's "fork": a process that already runs threads (a web server, a
    # test runner with database pools) can fork a child that deadlocks on a lock held there.
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for st, text in pool.imap(_score_batch, batches):
            status = max(status, st)
            out.write(text)
    return status


def _file_error(err: OSError | UnicodeDecodeError) -> int:
    emit({"error": "file", "detail": str(err)[:300]}, sys.stdout)
    return EXIT_USAGE


# -- score and score-game: the argument and output convention only ---------------------
def _cmd_score(args: argparse.Namespace, game: bool) -> int:
    ruleset = _ruleset(args)
    if not args.lines:
        try:
            text = _read(args.file)
        except (OSError, UnicodeDecodeError) as err:
            return _file_error(err)
        result = _score_text(text, ruleset, game)
        emit(result, sys.stdout)
        return EXIT_INVALID if "error" in result else EXIT_OK
    try:
        if args.file is None or args.file == "-":
            return score_lines(sys.stdin, ruleset, sys.stdout, game=game, jobs=args.jobs)
        with open(args.file, encoding="utf-8") as f:
            return score_lines(f, ruleset, sys.stdout, game=game, jobs=args.jobs)
    except (OSError, UnicodeDecodeError) as err:
        return _file_error(err)


# ----------------------------------------------------------------------------------------


def bench(seconds: float = 3.0, seed: int = 1, bot: str = "random") -> tuple[int, float, float]:
    """Play deals through the public API (every action checked) for ``seconds``;
    return (deals, wall seconds, CPU seconds). ``bot`` is ``random`` or ``heuristic``.

    >>> deals, elapsed, cpu = bench(0.05)
    >>> deals > 0
    True
    """
    import random

    from engine.bench import bot_deal, checked_random_deal

    rng = random.Random(seed)
    heuristic = HeuristicBot()
    deals = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            deal = checked_random_deal(rng) if bot == "random" else bot_deal(rng, heuristic)
            deal.result()
        deals += 100
        now = time.perf_counter()
        if now >= deadline:
            return deals, now - start, time.process_time() - cpu


def _cmd_bench(args: argparse.Namespace) -> int:
    from engine.bench import report

    print(report(args.seconds, args.seed))
    return EXIT_OK


def _cmd_match(args: argparse.Namespace) -> int:
    names = args.bots or ["heuristic", "random", "random", "random"]
    try:
        if len(names) != 4:
            raise ValueError("give four bots (seats A-D)")
        bots = [make_bot(n, seed=args.seed * 10 + i) for i, n in enumerate(names)]
    except ValueError as err:
        raise UsageError(f"{err}; bots: {', '.join(BOT_NAMES)}") from None
    result = play_match(bots, deals=args.deals, seed=args.seed, ruleset=_ruleset(args))
    emit(
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
    return EXIT_OK


def _cmd_analyse(args: argparse.Namespace) -> int:
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as err:
        return _file_error(err)
    try:
        record = json.loads(text)
        seat = None if args.seat is None else "ABCD".index(args.seat)
        report = analyse_record(
            record,
            _ruleset(args),
            seat=seat,
            pass_samples=args.pass_samples,
            play_samples=args.samples,
            seed=args.seed,
        )
    except (ValueError, RecursionError) as err:
        if isinstance(err, InvalidRecordError):
            emit(err.as_json(), sys.stdout)
        elif isinstance(err, NotAnalysableError):
            emit({"error": err.code, "detail": str(err)}, sys.stdout)
        elif isinstance(err, EngineError):
            emit({"error": "format", "detail": str(err)[:300]}, sys.stdout)
        else:
            emit({"error": "format", "detail": f"not JSON: {err}"[:300]}, sys.stdout)
        return EXIT_INVALID
    emit(report, sys.stdout)
    return EXIT_OK


_DEAL_RECORD = (
    "A deal record (SCN, engine/RULES.md) is a JSON object: "
    '{"dealer": "A", "hands": {"A": [8 cards], ...}, "passes": {"A": [3 cards], ...}, '
    '"play": ["9C", ...], "pack": {"seat": "C", "after": 12} (optional)}; '
    "cards are codes like 7H, TS, QD, AC."
)
_GAME_RECORD = (
    "A game record (engine/RULES.md, Game records) is a JSON object: "
    '{"format": "scwu-game/1", "ruleset": {...}, "word": "KOCKA", "seats": [...], '
    '"deals": [deal records or {"losers": [...]}], ...}; '
    'the older form {"word": "KOCKA", "first_dealer": "A", "deals": [deal records]} is read too.'
)
_DESCRIPTIONS = {
    "score": "Score one deal record; print its result (points, tricks, hejma, last_trick, "
    "loser, end, renonc). " + _DEAL_RECORD,
    "score-game": "Score a game record; print the game's result. " + _GAME_RECORD,
    "analyse": "Analyse a finished deal record for one seat: the loss chance of each "
    "choice it had. " + _DEAL_RECORD,
    "match": "Four bots play --deals deals; print each seat's losses and points per deal.",
    "deals": "Print the SCN records of random deals (random bots), one per line.",
    "bench": "Deals per second through the public API (a text report).",
    "play": "Play a deal (or a game with --word) against three bots in the terminal "
    "(interactive text; your seat sees only its own cards).",
}


def _command(sub: argparse._SubParsersAction, name: str, help_: str) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help_, description=_DESCRIPTIONS[name], epilog=EXIT_HELP
    )
    return parser


def _parser() -> argparse.ArgumentParser:
    p = JsonArgumentParser(
        prog="python -m engine",
        description="The Smoking Cat engine (rules and record formats: engine/RULES.md). "
        "python -m engine --game smoke --help: the commands of Smoke (1968).",
    )
    p.add_argument("--game", choices=("cat", "smoke"), default="cat")
    sub = p.add_subparsers(dest="command", required=True, parser_class=JsonArgumentParser)
    for name, help_ in (
        ("score", "score one SCN deal record"),
        ("score-game", "score a game record (RULES.md, Game records) or a list of SCN deals"),
    ):
        s = _command(sub, name, help_)
        s.add_argument("file", nargs="?", help="a file (default: standard input)")
        s.add_argument("--lines", action="store_true", help="one record per line")
        s.add_argument(
            "--jobs",
            type=non_negative,
            default=1,
            help="with --lines: worker processes (default 1; 0: one per CPU)",
        )
        _rules_options(s)
    b = _command(sub, "bench", "deals per second through the public API")
    b.add_argument("--seconds", type=positive_float, default=2.0, help="per figure")
    b.add_argument("--seed", type=int, default=1)
    r = _command(sub, "deals", "print SCN records of random deals (random bots), one a line")
    r.add_argument("--count", type=non_negative, default=1000)
    r.add_argument("--seed", type=int, default=1)
    m = _command(sub, "match", "bots against each other")
    m.add_argument("bots", nargs="*", metavar="BOT", help=f"four of: {', '.join(BOT_NAMES)}")
    m.add_argument("--deals", type=positive, default=10000)
    m.add_argument("--seed", type=int, default=1)
    _rules_options(m)
    an = _command(sub, "analyse", "analyse a finished deal record for one seat (JSON)")
    an.add_argument("file", nargs="?", help="an SCN deal record (default: standard input)")
    an.add_argument("--seat", choices=list("ABCD"), default=None, help="default: the loser")
    an.add_argument("--samples", type=positive, default=120, help="sampled deals per card played")
    an.add_argument("--pass-samples", type=positive, default=24, help="sampled deals for the pass")
    an.add_argument("--seed", type=int, default=1)
    _rules_options(an)
    pl = _command(sub, "play", "play against three bots in the terminal")
    pl.add_argument("--seat", default="A", choices=list("ABCD"))
    pl.add_argument("--word", default=None, help="play a whole game with this word")
    pl.add_argument("--seed", type=int, default=None)
    pl.add_argument("--lang", choices=("en", "cs", "ru"), default="en")
    pl.add_argument("--pattern", choices=("czech", "french"), default="czech")
    pl.add_argument(
        "--bot", choices=[n for n in BOT_NAMES if n != "search:MS"], default="heuristic"
    )
    _rules_options(pl)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see :mod:`engine.console`)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    game = "cat"
    if args_list and args_list[0].startswith("--game"):
        if args_list[0] == "--game" and len(args_list) > 1:
            game, args_list = args_list[1], args_list[2:]
        elif args_list[0].startswith("--game="):
            game, args_list = args_list[0].split("=", 1)[1], args_list[1:]
    if game == "smoke":
        from engine.smoke.cli import main as smoke_main

        return int(smoke_main(args_list))
    try:
        if game != "cat":
            raise UsageError(f"unknown game {game!r} (cat or smoke)")
        args = _parser().parse_args(args_list)
        return _run(args)
    except UsageError as err:
        emit({"error": err.code, "detail": str(err)}, sys.stdout)
        return EXIT_USAGE
    except SystemExit as done:  # --help
        return int(done.code or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK


def _run(args: argparse.Namespace) -> int:
    if args.command in ("score", "score-game"):
        return _cmd_score(args, args.command == "score-game")
    if args.command == "bench":
        return _cmd_bench(args)
    if args.command == "deals":
        from engine.bench import random_records

        for line in random_records(args.count, args.seed):
            sys.stdout.write(line + "\n")
        return EXIT_OK
    if args.command == "match":
        return _cmd_match(args)
    if args.command == "analyse":
        return _cmd_analyse(args)
    from engine.play import play_command

    return play_command(args, _ruleset(args))
