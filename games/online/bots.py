"""The engine's bot for each level of an online table (easy, medium, hard).

Bots decide from the seat's own knowledge only (``engine.knowledge``): what the seat's view
shows and the cards it saw played. The hard level searches for ``SCWU_BOT_HARD_MS``
milliseconds per decision (default 200), inside the table's write.

A search is CPU work that holds the interpreter's lock, so it slows every other table the
process serves; a player driving several hard tables at full speed took another table's
round trip from tens of milliseconds to seconds. So the searches of one process share a
budget (:class:`ThinkingBudget`): one at a time, and together at most
``SCWU_BOT_THINK_SHARE`` of the process's time (default 0.25), with a reserve of one second.
A hard bot that finds the search taken or the budget spent decides as the medium bot does
(the card counter, a millisecond), so the table never waits for another table's bot.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from django.conf import settings

from engine import Bot, Deal, Seat, bot_action
from engine.levels import LEVELS, make_bot
from engine.search import SearchBot

__all__ = ["ThinkingBudget", "bot_decide", "bot_for"]

#: The shortest search worth starting (seconds); less budget than this plays medium.
MIN_SEARCH = 0.02
#: The reserve of search time a process may spend at once after a quiet while (seconds).
RESERVE = 1.0


def _hard_seconds() -> float:
    return int(getattr(settings, "SCWU_BOT_HARD_MS", 200)) / 1000


def bot_for(level: str) -> Bot:
    """A bot of ``level`` (an unknown level plays medium)."""
    name = LEVELS.get(level, LEVELS["medium"])
    if name == "search":
        name = f"search:{int(_hard_seconds() * 1000)}"
    return make_bot(name)


class ThinkingBudget:
    """Search time a process may spend: a bucket of seconds refilled at ``share`` a second
    (at most ``reserve``), taken by one search at a time.

    >>> now = [0.0]
    >>> budget = ThinkingBudget(share=0.5, reserve=0.3, clock=lambda: now[0])
    >>> budget.grant(0.2), budget.grant(0.2)  # one at a time: the second plays medium
    (0.2, None)
    >>> budget.release(0.2, used=0.2); round(budget.grant(0.2), 3)  # 0.1 left: shorter
    0.1
    >>> budget.release(0.1, used=0.1); budget.grant(0.2) is None  # spent
    True
    >>> now[0] = 0.4; budget.grant(0.2)  # 0.4 s later, 0.2 s more
    0.2
    """

    def __init__(
        self,
        *,
        share: float,
        reserve: float = RESERVE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.share = share
        self.reserve = reserve
        self.clock = clock
        self.seconds = reserve
        self.stamp = clock()
        self.busy = False
        self.lock = threading.Lock()

    def grant(self, wanted: float) -> float | None:
        """Seconds this search may think (at most ``wanted``), or None: play medium."""
        with self.lock:
            now = self.clock()
            self.seconds = min(self.reserve, self.seconds + (now - self.stamp) * self.share)
            self.stamp = now
            if self.busy or self.seconds < MIN_SEARCH:
                return None
            granted = min(wanted, self.seconds)
            self.seconds -= granted
            self.busy = True
            return granted

    def release(self, granted: float, *, used: float) -> None:
        """A search ended after ``used`` seconds: what it did not use goes back (an overrun
        is charged)."""
        with self.lock:
            self.seconds += granted - used
            self.busy = False


_budget: ThinkingBudget | None = None
_budget_lock = threading.Lock()


def budget() -> ThinkingBudget:
    """This process's budget (made on first use, from the settings)."""
    global _budget
    with _budget_lock:
        if _budget is None:
            share = float(getattr(settings, "SCWU_BOT_THINK_SHARE", 0.25))
            _budget = ThinkingBudget(share=share)
        return _budget


def bot_decide(level: str, deal: Deal, seat: Seat) -> int:
    """The action of a bot of ``level`` for ``seat``; a hard bot searches only within this
    process's budget (else it decides as the medium bot)."""
    if LEVELS.get(level) != "search":
        return bot_action(bot_for(level), deal, seat)
    thinking = budget()
    granted = thinking.grant(_hard_seconds())
    if granted is None:
        return bot_action(make_bot("medium"), deal, seat)
    start = time.perf_counter()
    try:
        return bot_action(SearchBot(granted * 1000), deal, seat)
    finally:
        thinking.release(granted, used=time.perf_counter() - start)
