"""Seasons, series, categories and points, tournaments, entries, rounds, tables and seats."""

from tournaments.models.calendar import Category, CategoryPoints, Season, Series
from tournaments.models.entries import Entry, EntryStatus
from tournaments.models.invitations import TournamentInvitation, TournamentRole
from tournaments.models.results import (
    Placing,
    PlacingStage,
    RankingKind,
    ResultsState,
    SeasonRankingRow,
)
from tournaments.models.rounds import Round, RoundStage, RoundStatus, Table, TableKind, TableSeat
from tournaments.models.teams import (
    CategoryTeamPoints,
    Team,
    TeamMember,
    TeamMode,
    TeamPlacing,
)
from tournaments.models.tournament import (
    LeagueScoring,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)

__all__ = [
    "Category",
    "CategoryPoints",
    "CategoryTeamPoints",
    "Entry",
    "EntryStatus",
    "LeagueScoring",
    "Placing",
    "PlacingStage",
    "RankingKind",
    "ResultsState",
    "Round",
    "RoundStage",
    "RoundStatus",
    "Season",
    "SeasonRankingRow",
    "Series",
    "Table",
    "TableKind",
    "TableSeat",
    "Team",
    "TeamMember",
    "TeamMode",
    "TeamPlacing",
    "Tournament",
    "TournamentFormat",
    "TournamentInvitation",
    "TournamentRole",
    "TournamentStatus",
]
