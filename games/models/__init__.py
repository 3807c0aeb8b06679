"""Scorekeeping rows: a game per table, and its events (deals, misdeals, corrections,
rulings, appeals) plus the append-only audit trail. Game state is never stored beyond
``Game.status``: :mod:`engine.ledger` recomputes it from the events on every request."""

from games.models.audit import AuditAction, AuditEntry
from games.models.events import Correction, Deal, DealMode, Misdeal
from games.models.game import Game, GameStatus
from games.models.results import SeatResult
from games.models.rulings import Appeal, AppealStatus, PenaltyChoice, RenoncKindChoice, Ruling

__all__ = [
    "Appeal",
    "AppealStatus",
    "AuditAction",
    "AuditEntry",
    "Correction",
    "Deal",
    "DealMode",
    "Game",
    "GameStatus",
    "Misdeal",
    "PenaltyChoice",
    "RenoncKindChoice",
    "Ruling",
    "SeatResult",
]
