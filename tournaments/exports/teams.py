"""The team classification as files and as a document: a table for spreadsheets (CSV and
Excel, one row per team) and the JSON document the API serves too.

Both are made from :func:`tournaments.results.teams.team_classification`, the one read of
the team classification, which the pages show as well: a figure is the same wherever it is
read (``tests/tournaments/test_team_exports.py`` compares them).
"""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from scwu.sheets import csv_text, xlsx_bytes
from tournaments.models import Tournament
from tournaments.results.selectors import TournamentResults
from tournaments.results.teams import (
    MemberFigures,
    TeamClassification,
    TeamRow,
    team_classification,
)
from tournaments.standings import format_points

from .documents import TeamClassificationDocument, TeamDocumentRow, TeamMemberDocumentRow
from .rows import rate_percent
from .standings import SheetTable, points_number

#: A team's line in the team classification files.
TEAM_COLUMNS = (
    "place",
    "shared",
    "team_id",
    "team",
    "club",
    "deals_played",
    "deals_lost",
    "success_rate",
    "placky",
    "member_points",
    "places_sum",
    "best_place",
    "team_points",
    "members",
    "substitute",
)
TEAM_NUMBER_FORMATS = {"success_rate": "0.0"}


def _blank(value: object) -> object:
    return "" if value is None else value


def _nicknames(row: TeamRow, *, substitute: bool) -> str:
    return "; ".join(m.nickname for m in row.members if m.is_substitute == substitute)


def team_table(classification: TeamClassification) -> SheetTable:
    """The team classification in its order: the success rate a percentage with one
    decimal, points as numbers a spreadsheet sums, the members by nickname."""
    rows: list[list[object]] = [
        [
            row.place,
            "yes" if row.is_shared else "",
            row.team_id,
            row.name,
            row.club_name,
            row.deals_played,
            row.deals_lost,
            _blank(rate_percent(row.success_rate)),
            row.placky,
            points_number(row.member_points),
            row.places_sum,
            _blank(row.best_place),
            points_number(row.points),
            _nicknames(row, substitute=False),
            _nicknames(row, substitute=True),
        ]
        for row in classification.rows
    ]
    return TEAM_COLUMNS, rows


def _member_json(member: MemberFigures) -> TeamMemberDocumentRow:
    return {
        "player_id": member.player_id,
        "nickname": member.nickname,
        "is_substitute": member.is_substitute,
        "counts": member.counts,
        "status": member.status.value,
        "place": member.place,
        "is_shared": member.is_shared,
        "deals_played": member.deals_played,
        "deals_lost": member.deals_lost,
        "success_rate": rate_percent(member.success_rate),
        "placky": member.placky,
        "points": format_points(member.points) or None,
    }


def team_row_json(row: TeamRow) -> TeamDocumentRow:
    return {
        "place": row.place,
        "is_shared": row.is_shared,
        "team_id": row.team_id,
        "name": row.name,
        "club": row.club_slug,
        "club_name": row.club_name,
        "deals_played": row.deals_played,
        "deals_lost": row.deals_lost,
        "success_rate": rate_percent(row.success_rate),
        "placky": row.placky,
        "member_points": format_points(row.member_points),
        "places_sum": row.places_sum,
        "best_place": row.best_place,
        "points": format_points(row.points) or None,
        "members": [_member_json(m) for m in row.members],
    }


def team_document(
    tournament: Tournament, classification: TeamClassification, *, includes_unreleased: bool
) -> TeamClassificationDocument:
    """The team classification document: the rule it was ranked by, and every team."""
    return {
        "tournament": tournament.slug,
        "version": classification.version,
        "includes_unreleased": includes_unreleased,
        "mode": classification.mode.value,
        "rule": classification.rule.value,
        "rule_description": classification.rule_description,
        "team_size": classification.team_size,
        "is_live": classification.is_live,
        "is_provisional": classification.is_provisional,
        "teams": [team_row_json(row) for row in classification.rows],
    }


def _classification(tournament: Tournament, results: TournamentResults) -> TeamClassification:
    """The team classification as the viewer the results were read for sees it."""
    return team_classification(tournament, include_unreleased=results.includes_unreleased)


# The export registry's builders (:mod:`.kinds`): the whole tournament only.


def teams_csv_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> str:
    return csv_text(*team_table(_classification(tournament, results)))


def teams_xlsx_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> bytes:
    header, rows = team_table(_classification(tournament, results))
    return xlsx_bytes(_("Teams"), header, rows, number_formats=TEAM_NUMBER_FORMATS)


def teams_json_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> str:
    document = team_document(
        tournament,
        _classification(tournament, results),
        includes_unreleased=results.includes_unreleased,
    )
    return json.dumps(document, ensure_ascii=False, indent=1)
