"""The export kinds: the one list the results pages' links, the addresses (the tournament's
and a round's, the API's), the API's texts and schema and the download itself derive from.

A kind is named as its file ends (``standings.csv``): that is its address under the results
(``/tournaments/<slug>/results/standings.csv``), under a round
(``/tournaments/<slug>/rounds/<n>/standings.csv``) and in the API
(``/api/tournaments/<slug>/exports/standings.csv``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpResponse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament
from tournaments.results.selectors import TournamentResults

from .files import deals_scn_body, games_json_body, standings_csv_body, standings_json_body

Builder = Callable[[Tournament, TournamentResults, int | None], str]


@dataclass(frozen=True)
class ExportKind:
    #: How the file's name ends, and its address.
    name: str
    #: What the results pages' link says.
    label: str | Promise
    media_type: str
    #: The file's text (the caller has checked ``export_refusal`` first).
    build: Builder

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
    ExportKind("standings.csv", "CSV", "text/csv; charset=utf-8", standings_csv_body),
    ExportKind("standings.json", "JSON", "application/json", standings_json_body),
    ExportKind(
        "deals.scn", gettext_lazy("Deals (SCN)"), "text/plain; charset=utf-8", deals_scn_body
    ),
    ExportKind("games.json", gettext_lazy("Game records"), "application/json", games_json_body),
)
EXPORTS: dict[str, ExportKind] = {kind.name: kind for kind in EXPORT_KINDS}

#: The kinds' names as the API's schema lists them.
KIND_NAMES = ", ".join(kind.name for kind in EXPORT_KINDS)


def unknown_export_message() -> str:
    """Why an address names no export, listing those there are."""
    return _("Unknown export: use one of %(kinds)s.") % {"kinds": KIND_NAMES}


def export_kind(name: str) -> ExportKind | None:
    return EXPORTS.get(name)
