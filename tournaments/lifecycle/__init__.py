"""The one authority for the life of a tournament and of its rounds and stages.

:mod:`.base` holds the vocabulary (actions, refusals, offers, consequences); the other
modules register the rules of each part of the life. Importing the package registers them
all: :mod:`.tournament` (its statuses, and who may act), :mod:`.rounds` (a round's
statuses), :mod:`.league` (a league's nights), :mod:`.entries` (registering, check-in,
withdrawals, substitutes), :mod:`.teams` (entering, changing and withdrawing teams).
"""

from tournaments.lifecycle import (  # noqa: F401  (registers)
    cuts,
    entries,
    league,
    rounds,
    teams,
    tournament,
)
from tournaments.lifecycle.base import (
    Action,
    Context,
    Offer,
    Refusal,
    consequence,
    explains,
    offers,
    refusal,
    require,
    require_confirmed,
    rule,
)

__all__ = [
    "Action",
    "Context",
    "Offer",
    "Refusal",
    "consequence",
    "explains",
    "offers",
    "refusal",
    "require",
    "require_confirmed",
    "rule",
]
