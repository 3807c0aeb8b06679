"""``python manage.py import_games FILE --user NAME``: a tournament's game records back in.

FILE is the document the results page offers as "Game records" (``games.json``;
``engine/RULES.md``, "Game records"). NAME is a superuser: the import directs, scores
and referees as that user, so every write is audited under a real name.

A file is untrusted: its fields go through the site's input serializers
(``tournaments.api.game_records``), then through the services, in one transaction. Any
refusal is one line on stderr and a non-zero exit, never a traceback, and nothing is written.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.api.game_records import document_errors
from tournaments.services.game_records_import import GameImportError, tournament_import


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


class Command(BaseCommand):
    help = "Import a tournament exported as game records (games.json); nothing is written on error."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the exported games.json")
        parser.add_argument("--user", required=True, help="a superuser to write as")

    def handle(self, *args: Any, **options: Any) -> None:
        user = User.objects.filter(username=options["user"], is_superuser=True).first()
        if user is None:
            raise CommandError(f"no superuser {options['user']!r}")
        path = options["file"]
        try:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
        # RecursionError: brackets nested deeper than the parser goes.
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise CommandError(_one_line(f"cannot read {path}: {exc}")) from exc
        try:
            refusal = document_errors(document)
            if refusal is not None:
                raise GameImportError(refusal)
            tournament = tournament_import(by=user, document=document)
        except GameImportError as exc:
            raise CommandError(_one_line(f"{path}: {exc} Nothing was imported.")) from exc
        except RecursionError as exc:
            raise CommandError(f"{path}: nested too deeply. Nothing was imported.") from exc
        self.stdout.write(f"imported {tournament.slug}: {tournament.rounds.count()} rounds")
