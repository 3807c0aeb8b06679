"""Standings and the final classification as tables for spreadsheets (CSV and Excel, one row
per player), and the standings as a JSON document (the API serves the same)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from scwu.sheets import csv_text
from tournaments.standings import (
    Boundary,
    Classification,
    Standings,
    Tally,
    format_points,
    round_half_up,
)

from .documents import ClassificationRow, Cut, StandingRow, StandingsDocument
from .rows import (
    ClassificationLine,
    EntryLike,
    StandingLine,
    classification_lines,
    rate_percent,
    standing_lines,
)

#: Who a row is and where it stands: the first columns of every standings file.
ROW_COLUMNS = ("place", "shared", "player_id", "nickname", "club", "country", "status")
STANDINGS_COLUMNS = (
    *ROW_COLUMNS,
    "deals_played",
    "deals_lost",
    "success_rate",
    "placky",
    "penalty_points",
    "cut",
)
#: The final classification beside each row (blank before a final): place, points, and
#: the tournament figure (every counted deal, the final included).
CLASSIFICATION_COLUMNS = (
    "final_place",
    "final_shared",
    "placed_by",
    "ranking_points",
    "tournament_deals_played",
    "tournament_deals_lost",
    "tournament_success_rate",
    "tournament_placky",
)
ROUND_COLUMNS = ("round_deals_played", "round_deals_lost", "round_placka")


def _cut_mark(line: StandingLine) -> str:
    return "in" if line.in_cut else "tie" if line.at_cut_tie else ""


def _blank(value: object) -> object:
    return "" if value is None else value


def points_number(points: Fraction | None) -> int | float | str:
    """Points as a number a spreadsheet sums: whole, else rounded half up to one decimal
    (as :func:`~tournaments.standings.format_points` prints them); blank when none."""
    if points is None:
        return ""
    value = round_half_up(points)
    return int(value) if value.denominator == 1 else float(value)


def _classification_cells(line: ClassificationLine | None) -> list[object]:
    if line is None:
        return [""] * len(CLASSIFICATION_COLUMNS)
    return [
        line.place or "",
        "yes" if line.is_shared else "",
        line.stage,
        points_number(line.points),
        line.total.deals_played,
        line.total.deals_lost,
        _blank(line.success_rate_percent),
        line.total.placky,
    ]


#: A table for a spreadsheet: its header and its rows (numbers as numbers).
SheetTable = tuple[tuple[str, ...], list[list[object]]]

#: Display formats of the workbooks' rates, always with their decimal (the value stays the
#: number); points show as Excel's General shows them (``70``, ``8.7``).
NUMBER_FORMATS = {"success_rate": "0.0", "tournament_success_rate": "0.0"}


def standings_table(
    lines: Sequence[StandingLine],
    *,
    round_number: int | None = None,
    classified: Sequence[ClassificationLine] = (),
) -> SheetTable:
    """The basic rounds' standings in their order; the success rate is a percentage with one
    decimal (``54.5``). The whole tournament's table carries the classification columns
    (``classified``) beside each row."""
    by_player = {line.player_id: line for line in classified}
    header = STANDINGS_COLUMNS + (ROUND_COLUMNS if round_number is not None else ())
    if round_number is None:
        header += CLASSIFICATION_COLUMNS
    rows = []
    for line in lines:
        row: list[object] = [
            line.place or "",
            "yes" if line.is_shared else "",
            line.player_id,
            line.nickname,
            line.club or "",
            line.country or "",
            line.status.value,
            line.total.deals_played,
            line.total.deals_lost,
            _blank(line.success_rate_percent),
            line.total.placky,
            _blank(line.total.penalty_points),
            _cut_mark(line),
        ]
        if round_number is not None and line.round_tally is not None:
            tally = line.round_tally
            row += [tally.deals_played, tally.deals_lost, "yes" if tally.placky else ""]
        if round_number is None:
            row += _classification_cells(by_player.get(line.player_id))
        rows.append(row)
    return header, rows


def standings_csv(
    lines: Sequence[StandingLine],
    *,
    round_number: int | None = None,
    classified: Sequence[ClassificationLine] = (),
) -> str:
    """:func:`standings_table` as CSV (with the byte-order mark Excel needs)."""
    return csv_text(*standings_table(lines, round_number=round_number, classified=classified))


#: The final results as the final results page lists them: the classification's place and
#: how it was decided, its points, the tournament figure, and the basic rounds' place.
CLASSIFICATION_FILE_COLUMNS = (
    *ROW_COLUMNS,
    "placed_by",
    "ranking_points",
    "deals_played",
    "deals_lost",
    "success_rate",
    "placky",
    "basic_place",
)


def classification_table(
    lines: Sequence[ClassificationLine | StandingLine],
    basic: Sequence[StandingLine] = (),
) -> SheetTable:
    """The final results in the order ``lines`` has them (the final results page's): the
    classification's rows, or before a final the basic rounds' (placed ``basic``, no points).
    ``basic`` gives each classified player's place in the basic rounds."""
    basic_place = {line.player_id: line.place for line in basic}
    rows: list[list[object]] = []
    for line in lines:
        classified = isinstance(line, ClassificationLine)
        rows.append(
            [
                line.place or "",
                "yes" if line.is_shared else "",
                line.player_id,
                line.nickname,
                line.club or "",
                line.country or "",
                line.status.value,
                line.stage if isinstance(line, ClassificationLine) else "basic",
                points_number(line.points) if isinstance(line, ClassificationLine) else "",
                line.total.deals_played,
                line.total.deals_lost,
                _blank(line.success_rate_percent),
                line.total.placky,
                _blank(basic_place.get(line.player_id) if classified else line.place),
            ]
        )
    return CLASSIFICATION_FILE_COLUMNS, rows


def cut_json(cut: Boundary | None) -> Cut | None:
    if cut is None:
        return None
    tie = cut.tie
    return {
        "size": cut.size,
        "qualified": list(cut.qualified),
        "needs_playoff": cut.needs_playoff,
        "resolved_by_playoff": cut.resolved_by_playoff,
        "tie": None
        if tie is None
        else {"player_ids": list(tie.player_ids), "spots": tie.spots, "place": tie.place},
    }


def standing_line_json(line: StandingLine) -> StandingRow:
    data: StandingRow = {
        "place": line.place,
        "is_shared": line.is_shared,
        "player_id": line.player_id,
        "nickname": line.nickname,
        "club": line.club,
        "country": line.country,
        "status": line.status.value,
        "deals_played": line.total.deals_played,
        "deals_lost": line.total.deals_lost,
        "success_rate": line.success_rate_percent,
        "placky": line.total.placky,
        "penalty_points": line.total.penalty_points,
        "in_cut": line.in_cut,
        "at_cut_tie": line.at_cut_tie,
    }
    if line.round_tally is not None:
        tally = line.round_tally
        data["round"] = {
            "deals_played": tally.deals_played,
            "deals_lost": tally.deals_lost,
            "success_rate": rate_percent(tally.success_rate),
            "placka": bool(tally.placky),
            "penalty_points": tally.penalty_points,
        }
    return data


def classification_line_json(line: ClassificationLine) -> ClassificationRow:
    return {
        "place": line.place,
        "is_shared": line.is_shared,
        "player_id": line.player_id,
        "nickname": line.nickname,
        "club": line.club,
        "country": line.country,
        "status": line.status.value,
        "stage": line.stage,
        "points": format_points(line.points) or None,
        "deals_played": line.total.deals_played,
        "deals_lost": line.total.deals_lost,
        "success_rate": line.success_rate_percent,
        "placky": line.total.placky,
    }


def standings_json(
    *,
    tournament: str,
    version: int,
    visible_rounds: Sequence[int],
    includes_unreleased: bool,
    standings: Standings,
    entries: Mapping[int, EntryLike],
    classification: Classification | None = None,
    round_number: int | None = None,
    figures: Mapping[int, Tally] | None = None,
) -> StandingsDocument:
    """The standings document: what was computed, from which rounds, and every row."""
    lines = standing_lines(standings, entries, round_number=round_number)
    return {
        "tournament": tournament,
        "version": version,
        "round": round_number,
        "visible_rounds": list(visible_rounds),
        "includes_unreleased": includes_unreleased,
        "precedence": list(standings.precedence),
        "cut": cut_json(standings.cut),
        "small_cut": cut_json(standings.small_cut),
        "standings": [standing_line_json(line) for line in lines],
        "classification": None
        if classification is None
        else {
            "is_complete": classification.is_complete,
            "rows": [
                classification_line_json(line)
                for line in classification_lines(classification, entries, figures)
            ],
        },
    }
