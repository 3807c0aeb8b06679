"""Bots by name: the command line's and the online tables' one way to make a bot.

``random``, ``heuristic`` (the easy level), ``counting`` (medium), ``search``
(hard; ``search:MS`` thinks MS milliseconds per decision), or a level name.

>>> [type(make_bot(n)).__name__ for n in ("easy", "medium", "hard", "search:50")]
['HeuristicBot', 'CountingBot', 'SearchBot', 'SearchBot']
>>> make_bot("search:50").budget_ms
50.0
"""

from __future__ import annotations

from engine.bots import Bot, HeuristicBot, RandomBot
from engine.counting import CountingBot
from engine.search import SearchBot

__all__ = ["BOT_NAMES", "LEVELS", "make_bot"]

#: Practice and tournament levels and the bot each one plays with.
LEVELS = {"easy": "heuristic", "medium": "counting", "hard": "search"}
BOT_NAMES = ("random", "heuristic", "counting", "search", "search:MS", *LEVELS)


def make_bot(name: str, *, seed: int | None = None) -> Bot:
    """The bot called ``name``; raises ``ValueError`` for an unknown name or budget."""
    base, _, budget = LEVELS.get(name, name).partition(":")
    if base == "search":
        if not budget:
            return SearchBot(seed=seed)
        try:
            ms = float(budget)
        except ValueError:
            ms = -1.0
        if not 0 < ms <= 60_000:
            raise ValueError(f"search:MS needs a budget in milliseconds, not {budget!r}")
        return SearchBot(ms, seed=seed)
    if budget:
        raise ValueError(f"only search takes a budget: {name!r}")
    if base == "random":
        return RandomBot(seed=seed)
    if base == "heuristic":
        return HeuristicBot()
    if base == "counting":
        return CountingBot()
    raise ValueError(f"unknown bot {name!r}: one of {', '.join(BOT_NAMES)}")
