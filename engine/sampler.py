"""The samplers a search draws its deals from (see :func:`engine.search.evaluate`).

:class:`Sampler` is the determinisation of :mod:`engine.determinisation`
(:class:`~engine.determinisation.Determiniser`): deals consistent with what one seat
knows, built from its :class:`~engine.knowledge.Knowledge` only. :class:`KnownDeal`
is the degenerate sampler of perfect information.

>>> import random
>>> from engine.deal import Deal
>>> from engine.knowledge import Knowledge
>>> deal = Deal.new(seed=2)
>>> k = Knowledge.of(deal, 1)
>>> other = Sampler(k).sample(random.Random(1))
>>> Knowledge.of(other, 1) == k
True
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.deal import Deal
from engine.determinisation import Determiniser

__all__ = ["DealSampler", "KnownDeal", "Sampler"]

#: The determinisation of one seat's knowledge (one code path: the engine's).
Sampler = Determiniser


class DealSampler(Protocol):
    """Anything that draws whole deals for a search."""

    def sample(self, rng: random.Random) -> Deal:
        """One deal (a fresh object the caller may change)."""
        ...


class KnownDeal:
    """The degenerate sampler of perfect information: always the true deal (for tests
    and for teaching: "had you seen every hand")."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal

    def sample(self, rng: random.Random) -> Deal:
        """A copy of the true deal."""
        return self.deal.clone()
