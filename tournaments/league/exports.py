"""The league table as a CSV file, an Excel workbook and the API's JSON document (the same
rows)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scwu.sheets import csv_text, xlsx_bytes
from tournaments.exports.rows import rate_percent
from tournaments.exports.standings import NUMBER_FORMATS, STANDINGS_COLUMNS, points_number
from tournaments.standings import format_points

from .selectors import LeagueRow, LeagueTable, Night

#: who, as in the standings file, then the season's figures (and a column per night)
LEAGUE_COLUMNS = (
    *STANDINGS_COLUMNS[:6],
    "nights",
    "deals_played",
    "deals_lost",
    "success_rate",
    "points",
)


def night_key(night: Night) -> str:
    """A night's column name: its date, or the round of an undated night."""
    if night.date is not None:
        return f"night_{night.date.isoformat()}"
    return f"round_{night.rounds[0]}"


def league_row_json(table: LeagueTable, row: LeagueRow) -> dict[str, Any]:
    line = row.line
    return {
        "place": line.place,
        "is_shared": line.is_shared,
        "player_id": line.player_id,
        "nickname": row.info.nickname,
        "club": row.info.club,
        "country": row.info.country,
        "nights": line.nights,
        "deals_played": line.tally.deals_played,
        "deals_lost": line.tally.deals_lost,
        "success_rate": rate_percent(line.tally.success_rate),
        "points": format_points(line.points),
        "night_points": [
            {
                "night": night.number,
                "date": night.date.isoformat() if night.date is not None else None,
                "points": format_points(points),
            }
            for night, points in zip(table.nights, row.by_night, strict=True)
            if points is not None
        ],
    }


def league_document(table: LeagueTable) -> dict[str, Any]:
    return {
        "tournament": table.tournament.slug,
        "version": table.version,
        "includes_unreleased": table.includes_unreleased,
        "scoring": table.scoring.value,
        "points": list(table.points),
        "nights": [
            {
                "night": n.number,
                "date": n.date.isoformat() if n.date is not None else None,
                "rounds": list(n.rounds),
            }
            for n in table.nights
        ],
        "rows": [league_row_json(table, row) for row in table.rows],
    }


def league_sheet(table: LeagueTable) -> tuple[tuple[str, ...], list[list[object]]]:
    """The table's header and rows, one column per night (its points; blank when absent);
    numbers as numbers."""
    header = LEAGUE_COLUMNS + tuple(night_key(n) for n in table.nights)
    rows = []
    for row in table.rows:
        data = league_row_json(table, row)
        cells: list[object] = [
            data["place"],
            "yes" if data["is_shared"] else "",
            data["player_id"],
            data["nickname"],
            data["club"] or "",
            data["country"] or "",
            data["nights"],
            data["deals_played"],
            data["deals_lost"],
            "" if data["success_rate"] is None else data["success_rate"],
            points_number(row.line.points),
        ]
        cells += [points_number(p) for p in row.by_night]
        rows.append(cells)
    return header, rows


def league_csv(table: LeagueTable) -> str:
    """:func:`league_sheet` as CSV (with the byte-order mark Excel needs)."""
    return csv_text(*league_sheet(table))


def league_xlsx(table: LeagueTable) -> bytes:
    """:func:`league_sheet` as an Excel workbook."""
    header, rows = league_sheet(table)
    return xlsx_bytes(_("League table"), header, rows, number_formats=NUMBER_FORMATS)
