"""The federation's whole history in open formats, for anyone to read without our software.

* ``csv/<app>.<model>.csv``: one file per table, a header row, foreign keys as ids, many-to-many
  as ``;``-separated ids, JSON fields as JSON text;
* ``federation.json``: the same rows, one list per table;
* ``scn/<tournament>.scn``: every deal of every tournament as SCN records (RULES.md);
* ``manifest.json``: when it was made and how many rows each table holds.

Sign-in data stays out: of the user accounts only the id and the username are exported, and
a person's own rows (API keys, settings, claims, invitations) not at all. What
the site hides from the public stays out too: held rounds, unpublished draws, the seed and
actions of online games still running, hidden chat messages.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

from django.apps import apps
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils import timezone

from scwu.security.csv_cells import csv_writer
from tournaments.exports import deals_scn
from tournaments.models import Tournament
from tournaments.visibility import draw_is_public, public_draw_q, public_results_q

APPS = ("scwu", "tournaments", "games", "smoke", "online")
USER_FIELDS = ("id", "username")
#: A person's own rows, not the federation's history: API keys, email settings, requests to
#: be a player and invitations (email addresses and link digests).
PRIVATE = frozenset(
    {
        "scwu.apitoken",
        "scwu.claiminvitation",
        "scwu.commissioninvitation",
        "scwu.personsettings",
        "scwu.playerclaim",
        "tournaments.tournamentinvitation",
    }
)


class Sink(Protocol):
    def write(self, name: str, text: str) -> None: ...


class DirectorySink:
    def __init__(self, root: Path) -> None:
        self.root = root

    def write(self, name: str, text: str) -> None:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


class ZipSink:
    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive

    def write(self, name: str, text: str) -> None:
        self.archive.writestr(name, text.encode("utf-8"))


def exported_models() -> list[type[models.Model]]:
    chosen = [
        m
        for m in apps.get_models()
        if m._meta.app_label in APPS
        and m._meta.managed
        and not m._meta.proxy
        and m._meta.label_lower not in PRIVATE
    ]
    return sorted(chosen, key=lambda m: m._meta.label_lower)


def _plain(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, models.fields.files.FieldFile):
        return value.name or ""
    return value


def _results_rows(prefix: str) -> Callable[[], Q]:
    return lambda: public_results_q(prefix)


# The export is public: the same visibility as the site (tournaments.visibility). Rows of held
# (silent) rounds and of unpublished draws stay out; so do hidden chat messages.
PUBLIC_ROWS: dict[str, Callable[[], Q]] = {
    "tournaments.table": lambda: public_draw_q("round__"),
    "tournaments.tableseat": lambda: public_draw_q("table__round__"),
    "games.tablegame": _results_rows("table__round__"),
    "games.dealentry": _results_rows("game__table__round__"),
    "games.correction": _results_rows("game__table__round__"),
    "games.misdealentry": _results_rows("game__table__round__"),
    "games.ruling": _results_rows("game__table__round__"),
    "games.appeal": _results_rows("ruling__game__table__round__"),
    "games.seatresult": _results_rows("round__"),
    "games.auditentry": _results_rows("game__table__round__"),
    # Analyses are keyed by a deal's content, not its table: none is exported (each can be
    # computed again from an exported record), so none of a held or running game leaks.
    "games.dealanalysis": lambda: Q(pk__in=[]),
    "online.onlinegame": lambda: Q(table__isnull=True) | public_results_q("table__round__"),
    "online.onlineseat": lambda: (
        Q(game__table__isnull=True) | public_results_q("game__table__round__")
    ),
    "online.onlinechat": lambda: (
        Q(hidden=False) & (Q(game__table__isnull=True) | public_results_q("game__table__round__"))
    ),
}


def _round_redacted(obj: Any) -> dict[str, Any]:
    if draw_is_public(obj):
        return {}
    return {"draw_seed": None, "draw_inputs": {}, "draw_report": {}, "draw_error": ""}


def _online_game_redacted(obj: Any) -> dict[str, Any]:
    # The seed and actions of a game still being played rebuild all four hands.
    return {} if obj.status == "finished" else {"seed": None, "actions": []}


REDACT: dict[str, Callable[[Any], dict[str, Any]]] = {
    "tournaments.round": _round_redacted,
    "online.onlinegame": _online_game_redacted,
}


def table_rows(model: type[models.Model]) -> tuple[list[str], list[dict[str, Any]]]:
    """The columns and rows of one table, ready for CSV and JSON."""
    fields = [f for f in model._meta.concrete_fields]
    m2m = list(model._meta.many_to_many)
    if model._meta.label_lower == "auth.user":
        fields, m2m = [f for f in fields if f.name in USER_FIELDS], []
    columns = [f.attname for f in fields] + [f.name for f in m2m]
    rows = []
    label = model._meta.label_lower
    query = model._default_manager.order_by("pk")
    if label in PUBLIC_ROWS:
        query = query.filter(PUBLIC_ROWS[label]())
    if m2m:
        query = query.prefetch_related(*[f.name for f in m2m])
    for obj in query:
        row = {f.attname: _plain(getattr(obj, f.attname)) for f in fields}
        if label in REDACT:
            row.update(REDACT[label](obj))
        for f in m2m:
            row[f.name] = sorted(getattr(obj, f.name).values_list("pk", flat=True))
        rows.append(row)
    return columns, rows


def _csv(columns: list[str], rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_cell(row[c]) for c in columns])
    return out.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return ";".join(str(v) for v in value)
    if isinstance(value, dict | list | bool):
        return json.dumps(value, ensure_ascii=False, cls=DjangoJSONEncoder)
    return str(value)


def _tables() -> Iterator[tuple[str, list[str], list[dict[str, Any]]]]:
    user_model = apps.get_model("auth", "User")
    for model in [user_model, *exported_models()]:
        columns, rows = table_rows(model)
        yield model._meta.label_lower, columns, rows


def federation_export(sink: Sink) -> dict[str, int]:
    """Write the whole export to ``sink``; return the row count of each table."""
    counts: dict[str, int] = {}
    everything: dict[str, list[dict[str, Any]]] = {}
    for label, columns, rows in _tables():
        sink.write(f"csv/{label}.csv", _csv(columns, rows))
        everything[label] = rows
        counts[label] = len(rows)
    sink.write(
        "federation.json",
        json.dumps(everything, ensure_ascii=False, indent=1, cls=DjangoJSONEncoder),
    )
    for tournament in Tournament.objects.order_by("start_date", "slug"):
        numbers = list(
            tournament.rounds.filter(public_results_q()).values_list("number", flat=True)
        )
        sink.write(f"scn/{tournament.slug}.scn", deals_scn(tournament, rounds=numbers))
    manifest = {"generated_at": timezone.now().isoformat(), "rows": counts}
    sink.write("manifest.json", json.dumps(manifest, indent=1))
    return counts


def federation_export_to(target: Path) -> dict[str, int]:
    """Export into a directory, or into a zip archive when ``target`` ends in ``.zip``."""
    if target.suffix == ".zip":
        target.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            return federation_export(ZipSink(archive))
    target.mkdir(parents=True, exist_ok=True)
    return federation_export(DirectorySink(target))
