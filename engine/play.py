"""``python -m engine play``: a person plays a deal or a game against three bots.

The screen shows only what the person's seat may see (:func:`engine.views.seat_view`),
in English, Czech or Russian, with Czech or French card names.

>>> import io, argparse, itertools
>>> args = argparse.Namespace(
...     seat="A", word=None, seed=1, lang="en", pattern="french", bot="random"
... )
>>> answers = itertools.cycle(["1 2 3", *"12345678"])
>>> out = io.StringIO()
>>> play_command(args, input_fn=lambda prompt: next(answers), out=out)
0
>>> "loser" in out.getvalue()
True
>>> args.word, args.lang, args.pattern = "KO", "cs", "czech"
>>> play_command(args, input_fn=lambda prompt: next(answers), out=out)
0
>>> "Konec hry" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import IO, Any

from engine.bots import Bot, bot_action
from engine.cards import INDEX, Card, Language, Pattern, Seat
from engine.deal import PACK, PASS_FLAG, Deal
from engine.errors import IllegalActionError
from engine.game import Game
from engine.levels import make_bot
from engine.rules import DEFAULT_RULESET, Ruleset
from engine.views import seat_view

__all__ = ["play_command"]

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "hand": "Your hand",
        "trick": "On the table",
        "last": "Last trick",
        "taken": "Tricks taken",
        "pass": "Pass 3 cards to your left (numbers or codes)",
        "play": "Your card (number or code, 'pack')",
        "received": "You received",
        "result": "Result",
        "loser": "loser",
        "points": "points",
        "letters": "Letters",
        "game_over": "The game is over; it lost:",
        "bad": "Not allowed",
        "seat": "You are seat",
        "dealer": "dealer",
    },
    "cs": {
        "hand": "Tvoje karty",
        "trick": "Na stole",
        "last": "Poslední štych",
        "taken": "Štychy",
        "pass": "Pošli 3 karty doleva (čísla nebo kódy)",
        "play": "Tvoje karta (číslo nebo kód, 'pack')",
        "received": "Dostal jsi",
        "result": "Výsledek",
        "loser": "prohrává",
        "points": "body",
        "letters": "Písmena",
        "game_over": "Konec hry, prohrál:",
        "bad": "Nelze",
        "seat": "Jsi na místě",
        "dealer": "rozdává",
    },
    "ru": {
        "hand": "Ваши карты",
        "trick": "На столе",
        "last": "Последняя взятка",
        "taken": "Взятки",
        "pass": "Передайте 3 карты налево (номера или коды)",
        "play": "Ваша карта (номер или код, 'pack')",
        "received": "Вы получили",
        "result": "Итог",
        "loser": "проиграл",
        "points": "очки",
        "letters": "Буквы",
        "game_over": "Игра окончена, проиграл:",
        "bad": "Нельзя",
        "seat": "Вы на месте",
        "dealer": "сдаёт",
    },
}


def _name(code: str, lang: Language, pattern: Pattern) -> str:
    return f"{code} {Card.parse(code).name(lang, pattern)}"


def _show(view: dict[str, Any], lang: Language, pattern: Pattern, out: IO[str]) -> None:
    t = _TEXT[lang]
    hand = view["hand"]
    out.write(f"\n{t['seat']} {view['seat']} ({t['dealer']}: {view['dealer']})\n")
    out.write(f"{t['taken']}: {' '.join(f'{s}={n}' for s, n in view['tricks_taken'].items())}\n")
    if view["last_trick"]:
        cards = ", ".join(f"{c['seat']}: {c['card']}" for c in view["last_trick"]["cards"])
        out.write(f"{t['last']}: {cards} -> {view['last_trick']['taker']}\n")
    if view["trick"]:
        cards = ", ".join(f"{c['seat']}: {_name(c['card'], lang, pattern)}" for c in view["trick"])
        out.write(f"{t['trick']}: {cards}\n")
    if view["received"]:
        out.write(f"{t['received']}: {', '.join(view['received'])}\n")
    out.write(f"{t['hand']}:\n")
    for i, code in enumerate(hand, 1):
        out.write(f"  {i}. {_name(code, lang, pattern)}\n")


def _pick(text: str, hand: list[str]) -> list[int]:
    cards = []
    for word in text.replace(",", " ").split():
        if word.isdigit() and 1 <= int(word) <= len(hand):
            cards.append(INDEX[hand[int(word) - 1]])
        elif word.upper() in INDEX:
            cards.append(INDEX[word.upper()])
        else:
            raise IllegalActionError(f"not a card: {word}", reason="action")
    return cards


def _human_turn(
    deal: Deal,
    seat: int,
    lang: Language,
    pattern: Pattern,
    ask: Callable[[str], str],
    out: IO[str],
    apply: Callable[[int, int], None],
) -> None:
    t = _TEXT[lang]
    while True:
        view = seat_view(deal, seat)
        _show(view, lang, pattern, out)
        answer = ask(f"{t['pass'] if deal.phase == 'pass' else t['play']}> ").strip()
        try:
            if deal.phase == "play" and answer.lower() == "pack":
                apply(PACK + seat, seat)
                return
            cards = _pick(answer, view["hand"])
            if deal.phase == "pass":
                if len(set(cards)) != 3:
                    raise IllegalActionError("pass three cards", reason="pass")
                apply(PASS_FLAG | seat << 32 | sum(1 << c for c in set(cards)), seat)
            else:
                if len(cards) != 1:
                    raise IllegalActionError("play one card", reason="action")
                apply(cards[0], seat)
            return
        except IllegalActionError as err:
            out.write(f"{t['bad']}: {err}\n")


def _play_deal(
    deal: Deal,
    me: int,
    bots: list[Bot],
    lang: Language,
    pattern: Pattern,
    ask: Callable[[str], str],
    out: IO[str],
    apply: Callable[[int, int], None],
) -> None:
    while not deal.is_over():
        if deal.phase == "pass" and not deal.has_passed(me):
            _human_turn(deal, me, lang, pattern, ask, out, apply)
            continue
        seat = deal.turn
        assert seat is not None
        if seat == me:
            _human_turn(deal, me, lang, pattern, ask, out, apply)
        else:
            apply(bot_action(bots[seat], deal, seat), seat)
    t = _TEXT[lang]
    result = deal.result()
    points = " ".join(f"{s.code}={result.points[s]}" for s in Seat)
    losers = ", ".join(s.code for s in result.loser)
    out.write(f"\n{t['result']}: {t['points']} {points}; {t['loser']}: {losers} ({result.end})\n")


def play_command(
    args: argparse.Namespace,
    ruleset: Ruleset = DEFAULT_RULESET,
    *,
    input_fn: Callable[[str], str] = input,
    out: IO[str] | None = None,
) -> int:
    """Run an interactive deal (or a game with ``args.word``); returns the exit status."""
    import sys

    stream = out if out is not None else sys.stdout
    lang: Language = args.lang
    pattern: Pattern = args.pattern
    me = int(Seat.parse(args.seat))
    bots: list[Bot] = [make_bot(args.bot) for _ in range(4)]
    try:
        if args.word:
            game = Game(args.word, seed=args.seed, ruleset=ruleset)
            while not game.is_over():
                _play_deal(game.deal, me, bots, lang, pattern, input_fn, stream, game.apply)
                letters = " ".join(f"{s.code}={game.letters_of(s) or '-'}" for s in Seat)
                stream.write(f"{_TEXT[lang]['letters']}: {letters}\n")
            losers = ", ".join(s.code for s in game.loser)
            stream.write(f"{_TEXT[lang]['game_over']} {losers}\n")
        else:
            deal = Deal.new(seed=args.seed, ruleset=ruleset)
            _play_deal(deal, me, bots, lang, pattern, input_fn, stream, deal.apply)
    except (EOFError, StopIteration):
        stream.write("\n")
    return 0
