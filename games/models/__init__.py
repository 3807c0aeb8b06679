"""Scorekeeping rows: a game per table, and its events (deals, misdeals, corrections,
rulings, appeals) plus the append-only audit trail. Game state is never stored beyond
``TableGame.status``: :mod:`engine.ledger` recomputes it from the events on every request."""

from games.models.analysis import AnalysisError, DealAnalysis
from games.models.audit import AuditAction, AuditEntry
from games.models.events import Correction, DealEntry, DealMode, MisdealEntry
from games.models.game import GameStatus, TableGame
from games.models.results import SeatResult
from games.models.rulings import Appeal, AppealStatus, PenaltyChoice, RenoncKindChoice, Ruling

__all__ = [
    "AnalysisError",
    "Appeal",
    "AppealStatus",
    "AuditAction",
    "AuditEntry",
    "Correction",
    "DealAnalysis",
    "DealEntry",
    "DealMode",
    "GameStatus",
    "MisdealEntry",
    "PenaltyChoice",
    "RenoncKindChoice",
    "Ruling",
    "SeatResult",
    "TableGame",
]
