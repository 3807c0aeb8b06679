"""The export files a viewer may download, obeying the release control of each round: what
each holds (the builders the registry of :mod:`.kinds` names) and when one is refused."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from scwu.sheets import csv_text, xlsx_bytes
from tournaments.models import Tournament
from tournaments.results.selectors import TournamentResults, standings_by_round
from tournaments.standings import Standings

from .documents import StandingsDocument
from .game_records import tournament_document
from .rows import ClassificationLine, StandingLine, classification_lines, standing_lines
from .scn import deals_scn
from .standings import (
    NUMBER_FORMATS,
    SheetTable,
    classification_table,
    standings_json,
    standings_table,
)


class UnknownRoundError(LookupError):
    """The tournament has no round of that number."""


def export_refusal(results: TournamentResults, round_number: int | None) -> str | None:
    """Why this viewer may not have the export of ``round_number`` (``None``: they may).

    The whole-tournament export is never refused: it holds only the rounds the viewer
    may see (``results.visible_rounds``).
    """
    if round_number is None:
        return None
    if round_number not in {r.number for r in results.rounds}:
        raise UnknownRoundError(_("This tournament has no round %(n)d.") % {"n": round_number})
    if round_number not in results.visible_rounds:
        return _("The results of round %(n)d are held back by the director.") % {"n": round_number}
    return None


def _standings(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> Standings:
    """The tournament's standings, or the cumulative standings after ``round_number``."""
    if round_number is None:
        return results.standings
    include = results.includes_unreleased
    by_round = dict(standings_by_round(tournament, include_unreleased=include))
    return by_round.get(round_number, results.standings)


def standings_document(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> StandingsDocument:
    """The standings JSON document (the API serves the same)."""
    return standings_json(
        tournament=tournament.slug,
        version=results.version,
        visible_rounds=results.visible_rounds,
        includes_unreleased=results.includes_unreleased,
        standings=_standings(tournament, results, round_number),
        entries=results.entries,
        classification=results.classification if round_number is None else None,
        round_number=round_number,
        figures=results.figures,
    )


def _rounds(results: TournamentResults, round_number: int | None) -> list[int]:
    return [round_number] if round_number is not None else list(results.visible_rounds)


def _standings_table(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> SheetTable:
    standings = _standings(tournament, results, round_number)
    lines = standing_lines(standings, results.entries, round_number=round_number)
    classified = (
        classification_lines(results.classification, results.entries, results.figures)
        if results.classification is not None and round_number is None
        else []
    )
    return standings_table(lines, round_number=round_number, classified=classified)


def standings_csv_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> str:
    return csv_text(*_standings_table(tournament, results, round_number))


def standings_xlsx_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> bytes:
    header, rows = _standings_table(tournament, results, round_number)
    return xlsx_bytes(_("Standings"), header, rows, number_formats=NUMBER_FORMATS)


def final_lines(results: TournamentResults) -> list[ClassificationLine | StandingLine]:
    """The final results in the final results page's order: the classification (before a
    final, the basic rounds' standings), the placed players first, then those without a
    place (substitutes, unclassified withdrawals)."""
    lines: list[ClassificationLine | StandingLine]
    if results.classification is not None:
        lines = list(classification_lines(results.classification, results.entries, results.figures))
    else:
        lines = list(standing_lines(results.standings, results.entries))
    return [line for line in lines if line.status.is_placed] + [
        line for line in lines if not line.status.is_placed
    ]


def _classification_table(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> SheetTable:
    """The final results (:func:`final_lines`); a round's file: the standings after it, in
    the same columns (a round has no classification of its own)."""
    basic = standing_lines(_standings(tournament, results, round_number), results.entries)
    if round_number is not None:
        placed = [line for line in basic if line.status.is_placed]
        return classification_table(placed + [line for line in basic if line not in placed])
    return classification_table(final_lines(results), basic)


def classification_csv_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> str:
    return csv_text(*_classification_table(tournament, results, round_number))


def classification_xlsx_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> bytes:
    header, rows = _classification_table(tournament, results, round_number)
    return xlsx_bytes(_("Final results"), header, rows, number_formats=NUMBER_FORMATS)


def standings_json_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> str:
    document = standings_document(tournament, results, round_number)
    return json.dumps(document, ensure_ascii=False, indent=1)


def deals_scn_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> str:
    return deals_scn(tournament, rounds=_rounds(results, round_number))


def games_json_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> str:
    document = tournament_document(tournament, rounds=_rounds(results, round_number))
    return json.dumps(document, ensure_ascii=False)
