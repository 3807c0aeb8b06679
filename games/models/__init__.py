"""Scorekeeping rows: a game per table, and its events (deals, misdeals, corrections,
rulings, appeals) plus the append-only audit trail. The events are the truth: what is
stored of a game's state (``TableGame.status``, the ``SeatResult`` rows, the
``TableSummary``) is rewritten from their replay in the same transaction as every write."""

from games.models.analysis import AnalysisError, DealAnalysis
from games.models.audit import AuditAction, AuditEntry
from games.models.events import Correction, DealEntry, DealMode, MisdealEntry
from games.models.game import GameStatus, TableGame
from games.models.results import SeatResult
from games.models.rulings import Appeal, AppealStatus, PenaltyChoice, RenoncKindChoice, Ruling
from games.models.summary import TableSummary

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
    "TableSummary",
]
