"""``python -m engine bench``: the engine's speed beside a plain unchecked playout.

Every figure is timed in the same process as :func:`plain_playout`, a naive
random deal in plain Python (a list of ints per hand, no legality checks, no
views, no records), and printed as a ratio to it, so runs on a busy machine
stay comparable; the first line says which engine ran (``compiled`` or ``pure``, see
:mod:`engine.native`). The figures:

* ``checked random``: deals per second through the public API
  (``legal_actions`` + checked ``apply``, uniformly random choices);
* ``random playout``: the same deals through :meth:`~engine.deal.Deal.playout` (the
  search's rollout: the same choices and final state as the loop above, in one call);
* ``heuristic``: deals per second with four :class:`~engine.bots.HeuristicBot`;
* ``clone+apply``: ``state.clone()`` then one checked ``apply`` per second, from
  states taken in the middle of the play (what a search does);
* ``records scored``: SCN lines per second through the ``score --lines`` path
  (parse, replay every action checked, score, print JSON).

>>> rates = measure(0.02)
>>> sorted(rates)
['checked random', 'clone+apply', 'heuristic', 'plain playout', 'random playout', 'records scored']
>>> all(rate > 0 for rate in rates.values())
True
"""

from __future__ import annotations

import io
import os
import random
import time
from collections.abc import Callable

from engine.bots import Bot, HeuristicBot, RandomBot, bot_action
from engine.deal import Deal
from engine.rules import DEFAULT_RULESET
from engine.scn import deal_record

__all__ = [
    "bot_deal",
    "checked_random_deal",
    "measure",
    "plain_playout",
    "random_records",
    "report",
]

_POINTS = [1, 1, 1, 1, 2, 3, 4, 5] + [0] * 24
_POINTS[13] = 10  # Hejma


def plain_playout(rng: random.Random) -> int:
    """One random deal, naively: lists of ints, no checks; returns the loser (0..3).

    The yardstick of the bench: what the rules cost written the obvious way.
    Cards are 0..31 (``suit * 8 + rank``), 13 is Hejma; dealer A, B leads.

    >>> plain_playout(random.Random(1)) in range(4)
    True
    """
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [deck[0:8], deck[8:16], deck[16:24], deck[24:32]]
    passed: list[list[int]] = []
    for hand in hands:  # each seat passes three random cards to its left
        out = rng.sample(hand, 3)
        for card in out:
            hand.remove(card)
        passed.append(out)
    for seat in range(4):
        hands[(seat + 1) % 4].extend(passed[seat])
    points = [0, 0, 0, 0]
    hejma = last = -1
    leader = 1
    for trick_no in range(8):
        trick: list[tuple[int, int]] = []
        seat = leader
        for _ in range(4):
            hand = hands[seat]
            if trick:
                suit = trick[0][1] // 8
                choices = [c for c in hand if c // 8 == suit] or hand
            else:
                choices = hand
            card = rng.choice(choices)
            hand.remove(card)
            trick.append((seat, card))
            seat = (seat + 1) % 4
        suit = trick[0][1] // 8
        winner = max((c, s) for s, c in trick if c // 8 == suit)[1]
        gained = sum(_POINTS[c] for _, c in trick)
        if any(c == 13 for _, c in trick):
            hejma = winner
        if trick_no == 7:
            gained += 5
            last = winner
        points[winner] += gained
        leader = winner
        if points[winner] >= 17:
            break
    top = max(points)
    tied = [s for s in range(4) if points[s] == top]
    if len(tied) == 1:
        return tied[0]
    if hejma in tied:
        return hejma
    return last if last in tied else tied[0]


def random_records(count: int, seed: int = 1) -> list[str]:
    """``count`` SCN lines of random deals (random bots), made and checked by the engine."""
    import json

    rng = random.Random(seed)
    bot = RandomBot(rng=rng)
    return [
        json.dumps(deal_record(bot_deal(rng, bot, i & 3)), separators=(",", ":"))
        for i in range(count)
    ]


def _interleaved(runs: dict[str, Callable[[], int]], seconds: float) -> dict[str, float]:
    """Units per CPU second of each run, timed in alternating short turns.

    Taking turns (rather than one figure after the other) lets every figure see the
    same share of a busy machine, so the ratios stay fair; CPU time (not wall time)
    keeps other processes' load out of the rates themselves.
    """
    done = dict.fromkeys(runs, 0)
    spent = dict.fromkeys(runs, 0.0)
    for run in runs.values():
        run()  # warm up
    clock = time.process_time
    turn = 0.05
    rounds = max(1, round(seconds / turn))
    for _ in range(rounds):
        for name, run in runs.items():
            start = clock()
            end = start + turn
            n = 0
            while True:
                n += run()
                now = clock()
                if now >= end:
                    break
            done[name] += n
            spent[name] += now - start
    return {name: done[name] / spent[name] for name in runs}


def checked_random_deal(rng: random.Random) -> Deal:
    """A new deal played to its end at random through the public API, every action
    checked: ``legal_actions`` then ``apply`` (what :meth:`Deal.playout` reproduces).

    >>> checked_random_deal(random.Random(1)).is_over()
    True
    """
    rnd = rng.random
    deal = Deal.new(rng=rng)
    legal, apply = deal.legal_actions, deal.apply
    while True:
        acts = legal()
        if not acts:
            return deal
        apply(acts[int(rnd() * len(acts))])


def _checked_random(rng: random.Random) -> Callable[[], int]:
    def run() -> int:
        for _ in range(10):
            checked_random_deal(rng).result()
        return 10

    return run


def _playout(rng: random.Random) -> Callable[[], int]:
    def run() -> int:
        for _ in range(10):
            deal = Deal.new(rng=rng)
            deal.playout(rng)
            deal.result()
        return 10

    return run


def bot_deal(rng: random.Random, bot: Bot, dealer: int = 0) -> Deal:
    """A new deal played to its end by ``bot`` at every seat (every action checked)."""
    deal = Deal.new(rng=rng, dealer=dealer)
    while not deal.is_over():
        seat = deal.turn
        assert seat is not None
        deal.apply(bot_action(bot, deal, seat))
    return deal


def _heuristic(rng: random.Random) -> Callable[[], int]:
    bot = HeuristicBot()

    def run() -> int:
        for _ in range(5):
            bot_deal(rng, bot).result()
        return 5

    return run


def _clone_apply(rng: random.Random) -> Callable[[], int]:
    states: list[tuple[Deal, int]] = []
    while len(states) < 500:
        deal = Deal.new(rng=rng)
        while not deal.is_over():
            acts = deal.legal_actions()
            if deal.phase == "play":
                states.append((deal.clone(), acts[int(rng.random() * len(acts))]))
            deal.apply(acts[int(rng.random() * len(acts))])

    def run() -> int:
        for state, action in states:
            state.clone().apply(action)
        return len(states)

    return run


def _records(lines: list[str]) -> Callable[[], int]:
    from engine.cli import score_lines

    def run() -> int:
        score_lines(lines, DEFAULT_RULESET, io.StringIO())
        return len(lines)

    return run


def measure(seconds: float = 2.0, seed: int = 1) -> dict[str, float]:
    """Units per CPU second of the plain playout and of each figure (about ``seconds`` each)."""
    plain_rng = random.Random(seed)

    def plain() -> int:
        for _ in range(10):
            plain_playout(plain_rng)
        return 10

    return _interleaved(
        {
            "plain playout": plain,
            "checked random": _checked_random(random.Random(seed)),
            "random playout": _playout(random.Random(seed)),
            "heuristic": _heuristic(random.Random(seed)),
            "clone+apply": _clone_apply(random.Random(seed)),
            "records scored": _records(random_records(200, seed)),
        },
        seconds,
    )


_UNITS = {
    "plain playout": "deals/s",
    "checked random": "deals/s",
    "random playout": "deals/s",
    "heuristic": "deals/s",
    "clone+apply": "ops/s",
    "records scored": "records/s",
}


def report(seconds: float = 2.0, seed: int = 1) -> str:
    """The bench as text: each figure, its ratio to the plain playout, and the load average."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    cpu = time.process_time()
    start = time.perf_counter()
    rates = measure(seconds, seed)
    wall = time.perf_counter() - start
    busy = (time.process_time() - cpu) / wall
    plain = rates["plain playout"]
    from engine.native import active

    out = [
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f};"
        f" this process had {busy:.0%} of a CPU; rates per CPU second, taken in turns;"
        f" engine: {active()}",
    ]
    for name, rate in rates.items():
        ratio = "" if name == "plain playout" else f"  {rate / plain:6.2f}x plain"
        out.append(f"{name:15} {rate:10,.0f} {_UNITS[name]:9}{ratio}")
    return "\n".join(out)
