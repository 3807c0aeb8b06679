"""Season ranking as CSV and as an Excel workbook: one line per player (or club), in ranking order.

The header names are fixed English keys, not translated, so a spreadsheet or a
script reads the same columns whatever the site's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from scwu.sheets import csv_text, xlsx_bytes
from tournaments.models import RankingKind, Season, SeasonRankingRow

PLAYER_COLUMNS = ("place", "shared", "player_id", "player", "points", "tournaments", "wins", "best")
CLUB_COLUMNS = (
    "place",
    "shared",
    "club_id",
    "club",
    "country",
    "points",
    "tournaments",
    "wins",
    "best",
)


def _figures(row: SeasonRankingRow) -> list[object]:
    return [row.points, row.tournaments, row.wins, row.best_result]


def season_ranking_sheet(
    kind: str, rows: Sequence[SeasonRankingRow]
) -> tuple[tuple[str, ...], list[list[object]]]:
    """One season ranking's header and rows; ``rows`` as from ``selectors.season_ranking``."""
    lines: list[list[object]] = []
    if kind == RankingKind.PLAYERS:
        for r in rows:
            assert r.player is not None
            subject = [r.player.pk, r.player.nickname]
            lines.append([r.place, int(r.is_shared), *subject, *_figures(r)])
        return PLAYER_COLUMNS, lines
    for r in rows:
        assert r.club is not None
        subject = [r.club.pk, r.club.name, r.club.country.iso3]
        lines.append([r.place, int(r.is_shared), *subject, *_figures(r)])
    return CLUB_COLUMNS, lines


def season_ranking_csv(season: Season, kind: str, rows: Sequence[SeasonRankingRow]) -> str:
    """The CSV text of one season ranking (with the byte-order mark Excel needs)."""
    return csv_text(*season_ranking_sheet(kind, rows))


def season_ranking_xlsx(season: Season, kind: str, rows: Sequence[SeasonRankingRow]) -> bytes:
    """One season ranking as an Excel workbook (the CSV's cells)."""
    header, lines = season_ranking_sheet(kind, rows)
    return xlsx_bytes(f"{season.year} {kind}", header, lines)


def season_ranking_filename(season: Season, kind: str, extension: str = "csv") -> str:
    return f"scwu-ranking-{season.year}-{kind}.{extension}"
