"""Exports of a tournament's results: standings as CSV and JSON, deals as SCN, whole games as
game records (:mod:`.game_records`, read back by :mod:`tournaments.services.game_records_import`).

The flat rows in :mod:`.rows` are shared by the export files, the API and the pages, so a
figure is formatted the same way wherever it is shown.
"""

from __future__ import annotations

from .game_records import tournament_document
from .rows import (
    ClassificationLine,
    StandingLine,
    classification_lines,
    federation_line,
    standing_lines,
)
from .scn import deals_scn, scn_records
from .standings import STANDINGS_COLUMNS, standings_csv, standings_json

__all__ = [
    "STANDINGS_COLUMNS",
    "ClassificationLine",
    "StandingLine",
    "classification_lines",
    "deals_scn",
    "federation_line",
    "scn_records",
    "standing_lines",
    "standings_csv",
    "standings_json",
    "tournament_document",
]
