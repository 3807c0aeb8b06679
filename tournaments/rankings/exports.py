"""Season ranking as CSV: one line per player (or club), in ranking order.

The header names are fixed English keys, not translated, so a spreadsheet or a
script reads the same columns whatever the site's language.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from scwu.security.csv_cells import csv_writer
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


def season_ranking_csv(season: Season, kind: str, rows: Sequence[SeasonRankingRow]) -> str:
    """The CSV text of one season ranking; ``rows`` as from ``selectors.season_ranking``."""
    out = io.StringIO()
    writer = csv_writer(out, lineterminator="\n")
    if kind == RankingKind.PLAYERS:
        writer.writerow(PLAYER_COLUMNS)
        for r in rows:
            assert r.player is not None
            subject = [r.player.pk, r.player.nickname]
            writer.writerow([r.place, int(r.is_shared), *subject, *_figures(r)])
    else:
        writer.writerow(CLUB_COLUMNS)
        for r in rows:
            assert r.club is not None
            subject = [r.club.pk, r.club.name, r.club.country.iso3]
            writer.writerow([r.place, int(r.is_shared), *subject, *_figures(r)])
    return out.getvalue()


def season_ranking_filename(season: Season, kind: str) -> str:
    return f"scwu-ranking-{season.year}-{kind}.csv"
