"""What scorekeeping tells the layers above it, without importing them.

The results (``tournaments.results``) sit above scorekeeping and follow its writes through
these signals; the receivers are connected in ``TournamentsConfig.ready``.
"""

from __future__ import annotations

from django.dispatch import Signal

#: A game's counted results changed (a deal, ruling, correction or undo was written).
#: Sent last inside the writer's transaction with ``tournament_id``; a receiver that raises
#: rolls the write back.
scores_changed = Signal()
