"""The Smoke command line: ``python -m engine.smoke COMMAND ...``.

Commands: ``score FILE`` (score a hand or session record, JSON), ``tally FILE``
(the tally readout of a session record), ``check FILE``, ``jargon LINE``,
``play`` (in the terminal against bots), ``selfplay`` (a bot session record) and
``bench`` (bots against each other). ``FILE`` may be ``-`` for standard input.
Output, errors and exit status follow :mod:`engine.console`, as for Smoking Cat: JSON
one object a line; an error is one line ``{"error": CODE, "detail": TEXT}`` on standard
output; exit 0 done, 1 invalid input (or ``check`` found problems), 2 usage error.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

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
)
from engine.smoke.actions import Action
from engine.smoke.bots import Bot, HeuristicBot, RandomBot, bot_action, play_session
from engine.smoke.errors import SmokeError
from engine.smoke.hand import HandState, Phase
from engine.smoke.jargon import check_line
from engine.smoke.record import entry_of, hand_to_dict, read_json, record_of
from engine.smoke.rules import DEFAULT_RULES
from engine.smoke.sessions import check_record, score_hand, score_session, sheet_from_dict
from engine.smoke.tally import TallySheet

NAMES = ("North", "Jim", "Bud", "Whiz", "Tom", "Puresome", "Gus")


class _FileError(Exception):
    """A file that cannot be read: a usage error (exit 2), code ``file``."""


def _read(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as err:
        raise _FileError(f"cannot read {path}: {err.strerror}") from err
    except UnicodeDecodeError as err:
        raise _FileError(f"cannot read {path}: {err}") from err
    return read_json(text)


def _print(data: Any, out: TextIO) -> None:
    emit(data, out)


def _players(text: str) -> int:
    """An argparse type: a number of participants the rules allow."""
    n = positive(text)
    try:
        DEFAULT_RULES.check_participants(n)
    except SmokeError as err:
        raise argparse.ArgumentTypeError(err.detail) from None
    return n


def _bot(kind: str, rng: random.Random) -> Bot:
    if kind == "heuristic":
        return HeuristicBot()
    if kind == "random":
        return RandomBot(random.Random(rng.random()))
    raise UsageError(f"unknown bot {kind!r} (heuristic, random)")


_RECORDS = (
    "Records (engine/RULES.md, engine/smoke/record.py) are JSON: a hand record "
    '{"participants": [names], "dealer", "deal": {name: [5 cards]}, "smoke": "7H", '
    '"draws": [{"who", "action": "sit|stay|draw|mitt", "discards", "drawn"}], '
    '"play": [cards], "infractions"} or a session record {"participants", '
    '"first_dealer", "hands": [hand records or tally entries {"dealer", "stayed", '
    '"tricks", "infractions", "first_trick", "first_out"}]}; cards are codes like AS, TD, 7H. '
    "FILE may be - for standard input."
)
_DESCRIPTIONS = {
    "score": "Score a hand or session record; print the changes or the tallies. " + _RECORDS,
    "check": "Check a record; print {valid, problems} (exit 1 when problems). " + _RECORDS,
    "tally": "The tally readout of a session record (text, spoken or JSON). " + _RECORDS,
    "jargon": "Check a spoken line against the jargon rule; print the findings.",
    "play": "Play a session against bots in the terminal (interactive text; you see your "
    "own cards only, and of the others' draws only how many cards they changed).",
    "selfplay": "Bots play a session; print its session record.",
    "bench": "Bots play --games sessions; print the wins by seat.",
}


def _parser() -> argparse.ArgumentParser:
    parser = JsonArgumentParser(
        prog="python -m engine --game smoke",
        description="Smoke (1968): engine and tally sheet (rules: engine/RULES.md).",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=JsonArgumentParser)

    def command(name: str) -> argparse.ArgumentParser:
        cmd: argparse.ArgumentParser = sub.add_parser(
            name, description=_DESCRIPTIONS[name], epilog=EXIT_HELP
        )
        return cmd

    for name in ("score", "check"):
        command(name).add_argument("file")
    tally = command("tally")
    tally.add_argument("file")
    tally.add_argument("--hand", type=non_negative, default=0, help="1-based hand (default: last)")
    tally.add_argument("--format", choices=("text", "spoken", "json"), default="text")
    jargon = command("jargon")
    jargon.add_argument("line", nargs="+")
    for name in ("play", "selfplay", "bench"):
        cmd = command(name)
        cmd.add_argument("--players", type=_players, default=4, help="3 to 7")
        cmd.add_argument("--seed", type=int, default=None)
        cmd.add_argument("--bots", default="heuristic", help="comma-separated: heuristic,random")
    sub.choices["bench"].add_argument("--games", type=positive, default=100)
    sub.choices["play"].add_argument("--name", default="You")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run a command; return the exit status (:mod:`engine.console`: 0 done, 1 invalid
    input or a check that found problems, 2 usage error)."""
    stream = out or sys.stdout
    try:
        args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
        return _run(args, stream)
    except UsageError as err:
        emit({"error": err.code, "detail": str(err)}, stream)
        return EXIT_USAGE
    except _FileError as err:
        emit({"error": "file", "detail": str(err)}, stream)
        return EXIT_USAGE
    except SmokeError as err:
        emit(err.as_dict(), stream)
        return EXIT_INVALID
    except SystemExit as done:  # --help
        return int(done.code or 0)
    except KeyboardInterrupt:
        return 130


def _bots(args: argparse.Namespace, rng: random.Random) -> list[Bot]:
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()] or ["heuristic"]
    return [_bot(kinds[i % len(kinds)], rng) for i in range(args.players)]


def _run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "score":
        data = _read(args.file)
        is_session = isinstance(data, dict) and "hands" in data
        _print(score_session(data) if is_session else score_hand(data), out)
    elif args.command == "check":
        problems = check_record(_read(args.file))
        _print({"valid": not problems, "problems": problems}, out)
        return EXIT_OK if not problems else EXIT_INVALID
    elif args.command == "tally":
        sheet = sheet_from_dict(_read(args.file))
        if not sheet.results:
            raise SmokeError("the session has no hands yet", code="over")
        if not 0 <= args.hand <= len(sheet.results):
            raise UsageError(f"--hand must be 1 to {len(sheet.results)}")
        readout = sheet.readout(args.hand - 1 if args.hand else -1)
        if args.format == "json":
            _print(readout.as_dict(), out)
        else:
            out.write((readout.text if args.format == "text" else readout.spoken) + "\n")
    elif args.command == "jargon":
        _print([f.as_dict() for f in check_line(" ".join(args.line))], out)
    elif args.command in ("selfplay", "bench"):
        rng = random.Random(args.seed)
        names = NAMES[: args.players]
        if args.command == "selfplay":
            sheet, records = play_session(_bots(args, rng), names, rng=rng)
            _print(
                {
                    "participants": list(names),
                    "first_dealer": names[0],
                    "hands": [hand_to_dict(r, with_participants=False) for r in records],
                },
                out,
            )
        else:
            _print(_bench(args, rng), out)
    else:
        return _play(args, sys.stdin, out)
    return EXIT_OK


def _bench(args: argparse.Namespace, rng: random.Random) -> dict[str, Any]:
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    started = time.perf_counter()
    wins: dict[str, int] = {}
    hands = unfinished = 0
    for game in range(args.games):
        bots = _bots(args, rng)
        first = game % args.players
        sheet, records = play_session(bots, NAMES[: args.players], rng=rng, first_dealer=first)
        hands += len(records)
        if sheet.winner is None:
            unfinished += 1
            continue
        seat = NAMES.index(sheet.winner)
        label = f"seat {seat} ({kinds[seat % len(kinds)]})"
        wins[label] = wins.get(label, 0) + 1
    return {
        "games": args.games,
        "players": args.players,
        "wins": dict(sorted(wins.items())),
        "unfinished": unfinished,
        "hands_per_game": round(hands / max(1, args.games), 2),
        "seconds": round(time.perf_counter() - started, 3),
    }


def _play(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    rng = random.Random(args.seed)
    names = [args.name, *NAMES[1 : args.players]]
    bots = _bots(args, rng)
    sheet = TallySheet(names, first_dealer=names[0])
    while not sheet.is_over():
        standing = sheet.standings()
        state = HandState(
            len(names),
            names.index(sheet.dealer or names[0]),
            rng=rng,
            tallies=[s.tally for s in standing],
            sits=[s.sits for s in standing],
        )
        out.write(
            f"\n{sheet.dealer} distributes. Smoke is {state.turned.jargon} ({state.turned.code}).\n"
        )
        while not state.is_over():
            seat = state.turn
            assert seat is not None
            if seat == 0:
                action = _ask(state, inp, out)
                if action is None:
                    out.write("Bye.\n")
                    return 0
            else:
                action = bot_action(bots[seat], state)
                out.write(f"{names[seat]}: {action.public_code}\n")
            state.apply(action)
        sheet.record_entry(entry_of(record_of(state, names), state, sheet.rules))
        out.write(sheet.readout().text + "\n")
    out.write(f"{sheet.winner} wins.\n")
    return 0


def _ask(state: HandState, inp: TextIO, out: TextIO) -> Action | None:
    legal = state.legal_actions()
    hand = sorted(state.hands[0])
    if state.phase is Phase.PLAY and state.trick:
        out.write("Trick so far: " + " ".join(c.code for _, c in state.trick) + "\n")
    while True:
        out.write(f"Your mitt: {' '.join(c.code for c in hand)}. ")
        if state.phase is Phase.DRAW:
            out.write("sit, stay, draw CARDS or mitt? ")
        else:
            out.write(f"Throw out ({' '.join(a.code for a in legal)}): ")
        out.flush()
        line = inp.readline()
        if not line or line.strip().lower() in ("quit", "q"):
            return None
        try:
            action = Action.parse(line, tuple(hand))
        except SmokeError as err:
            out.write(f"{err.detail}\n")
            continue
        if action in legal:
            return action
        out.write(f"{action.code} is not allowed now.\n")
