"""The export kinds: the one list the results pages' links, the addresses (the tournament's
and a round's, the API's), the API's texts and schema and the download itself derive from.

A kind is named as its file ends (``standings.csv``): that is its address under the results
(``/tournaments/<slug>/results/standings.csv``), under a round
(``/tournaments/<slug>/rounds/<n>/standings.csv``) and in the API
(``/api/tournaments/<slug>/exports/standings.csv``).

Each kind names the results pages that offer it (``pages``), and a page offers only files in
its own order: the final results page, the live page and the chart lead with the final
classification once there is one (before a final, the basic rounds' standings), so their
table files are ``classification.*``; the basic rounds' standings (``standings.*``) are
offered under the live page's table of the basic rounds. Table files come as CSV and as an
Excel workbook (:mod:`scwu.sheets`) with the same cells. The team classification's files
(``teams.*``, :mod:`.teams`) are offered beside the team classification, and are the whole
tournament's only (``per_round``: no address under a round).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpResponse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scwu.sheets import CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE
from tournaments.models import Tournament
from tournaments.results.selectors import TournamentResults

from .files import (
    classification_csv_body,
    classification_xlsx_body,
    deals_scn_body,
    games_json_body,
    standings_csv_body,
    standings_json_body,
    standings_xlsx_body,
)
from .teams import teams_csv_body, teams_json_body, teams_xlsx_body

Builder = Callable[[Tournament, TournamentResults, int | None], str | bytes]

#: The results pages (their tabs' ``tab``) whose order a file may follow.
LEAD_PAGES = frozenset({"live", "final", "chart"})
#: The live page's table of the basic rounds' standings (a league's table has its own files:
#: ``tournaments.views.league``).
BASIC_ROUNDS = frozenset({"basic-rounds"})
#: Wherever the team classification is shown (the results pages, the teams page).
TEAMS = frozenset({"teams"})


@dataclass(frozen=True)
class ExportKind:
    #: How the file's name ends, and its address.
    name: str
    #: What the results pages' link says.
    label: str | Promise
    media_type: str
    #: The file's text or bytes (the caller has checked ``export_refusal`` first).
    build: Builder
    #: Where the results pages link it (see the module).
    pages: frozenset[str] = LEAD_PAGES
    #: Whether a round has it too (at the round's address, or the API's ``?round=``).
    per_round: bool = True

    @property
    def is_binary(self) -> bool:
        """Bytes, not text (an Excel workbook)."""
        return not self.media_type.startswith(("text/", "application/json"))

    @property
    def url_name(self) -> str:
        """The whole tournament's file (``results-standings.csv``)."""
        return f"results-{self.name}"

    @property
    def round_url_name(self) -> str:
        """One round's file, at the round's own address."""
        return f"results-round-{self.name}"

    def filename(self, tournament: Tournament, round_number: int | None) -> str:
        stem = tournament.slug
        if round_number is not None:
            stem += f"-round-{round_number}"
        return f"{stem}-{self.name}"

    def download(
        self, tournament: Tournament, results: TournamentResults, round_number: int | None
    ) -> HttpResponse:
        """The file as an attachment (the caller has checked ``export_refusal`` first)."""
        response = HttpResponse(
            self.build(tournament, results, round_number), content_type=self.media_type
        )
        filename = self.filename(tournament, round_number)
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


EXPORT_KINDS: tuple[ExportKind, ...] = (
    ExportKind("classification.csv", "CSV", CSV_MEDIA_TYPE, classification_csv_body),
    ExportKind("classification.xlsx", "Excel", XLSX_MEDIA_TYPE, classification_xlsx_body),
    ExportKind("standings.csv", "CSV", CSV_MEDIA_TYPE, standings_csv_body, BASIC_ROUNDS),
    ExportKind("standings.xlsx", "Excel", XLSX_MEDIA_TYPE, standings_xlsx_body, BASIC_ROUNDS),
    ExportKind("standings.json", "JSON", "application/json", standings_json_body),
    ExportKind(
        "deals.scn",
        gettext_lazy("Deals (SCN)"),
        "text/plain; charset=utf-8",
        deals_scn_body,
        LEAD_PAGES | {"league"},
    ),
    ExportKind(
        "games.json",
        gettext_lazy("Game records"),
        "application/json",
        games_json_body,
        LEAD_PAGES | {"league"},
    ),
    ExportKind("teams.csv", "CSV", CSV_MEDIA_TYPE, teams_csv_body, TEAMS, per_round=False),
    ExportKind("teams.xlsx", "Excel", XLSX_MEDIA_TYPE, teams_xlsx_body, TEAMS, per_round=False),
    ExportKind("teams.json", "JSON", "application/json", teams_json_body, TEAMS, per_round=False),
)
EXPORTS: dict[str, ExportKind] = {kind.name: kind for kind in EXPORT_KINDS}

#: The kinds' names as the API's schema lists them.
KIND_NAMES = ", ".join(kind.name for kind in EXPORT_KINDS)


def unknown_export_message() -> str:
    """Why an address names no export, listing those there are."""
    return _("Unknown export: use one of %(kinds)s.") % {"kinds": KIND_NAMES}


def whole_tournament_message() -> str:
    """Why a file of the whole tournament only is not served for one round."""
    return _("This file is the whole tournament's only, not a round's.")


def export_kind(name: str) -> ExportKind | None:
    return EXPORTS.get(name)


def page_exports(page: str) -> tuple[ExportKind, ...]:
    """The files ``page`` links to, in the registry's order."""
    return tuple(kind for kind in EXPORT_KINDS if page in kind.pages)
