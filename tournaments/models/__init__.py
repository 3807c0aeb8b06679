"""Seasons, series, categories and points, tournaments, entries, rounds, tables and seats."""

from tournaments.models.calendar import Category, CategoryPoints, Season, Series
from tournaments.models.entries import Entry, EntryStatus
from tournaments.models.rounds import Round, RoundStage, RoundStatus, Seat, Table, TableKind
from tournaments.models.tournament import Tournament, TournamentStatus

__all__ = [
    "Category",
    "CategoryPoints",
    "Entry",
    "EntryStatus",
    "Round",
    "RoundStage",
    "RoundStatus",
    "Season",
    "Seat",
    "Series",
    "Table",
    "TableKind",
    "Tournament",
    "TournamentStatus",
]
