"""The engine's bot for each level of an online table (easy, medium, hard).

Bots decide from the seat's own knowledge only (``engine.knowledge``): what the seat's view
shows and the cards it saw played. The hard level searches for ``SCWU_BOT_HARD_MS``
milliseconds per decision (default 200), inside the table's write.
"""

from __future__ import annotations

from django.conf import settings

from engine import Bot
from engine.levels import LEVELS, make_bot

__all__ = ["bot_for"]


def bot_for(level: str) -> Bot:
    """A bot of ``level`` (an unknown level plays medium)."""
    name = LEVELS.get(level, LEVELS["medium"])
    if name == "search":
        name = f"search:{int(getattr(settings, 'SCWU_BOT_HARD_MS', 200))}"
    return make_bot(name)
