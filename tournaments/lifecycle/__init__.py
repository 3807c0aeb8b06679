"""The one authority for the life of a tournament and of its rounds and stages.

:mod:`.base` holds the vocabulary (actions, refusals, offers); the other modules register
the rules of each part of the life. Importing the package registers them all.
"""

from tournaments.lifecycle.base import (
    Action,
    Context,
    Offer,
    Refusal,
    offers,
    refusal,
    require,
    rule,
)

__all__ = ["Action", "Context", "Offer", "Refusal", "offers", "refusal", "require", "rule"]
