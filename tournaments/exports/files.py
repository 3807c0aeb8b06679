"""The export files a viewer may download, obeying the release control of each round: what
each holds (the builders the registry of :mod:`.kinds` names) and when one is refused."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.results.selectors import TournamentResults, standings_by_round
from tournaments.standings import Standings

from .documents import StandingsDocument
from .game_records import tournament_document
from .rows import classification_lines, standing_lines
from .scn import deals_scn
from .standings import standings_csv, standings_json


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


def standings_csv_body(
    tournament: Tournament, results: TournamentResults, round_number: int | None
) -> str:
    standings = _standings(tournament, results, round_number)
    lines = standing_lines(standings, results.entries, round_number=round_number)
    classified = (
        classification_lines(results.classification, results.entries, results.figures)
        if results.classification is not None and round_number is None
        else []
    )
    return standings_csv(lines, round_number=round_number, classified=classified)


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
