"""``python manage.py import_games FILE --user NAME``: a tournament's game records back in.

FILE is the document the results page offers as "Game records" (``games.json``;
``engine/RULES.md``, "Game records"). NAME is a superuser: the import directs, scores
and referees as that user, so every write is audited under a real name.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.services.game_records_import import GameImportError, tournament_import


class Command(BaseCommand):
    help = "Import a tournament exported as game records (games.json); nothing is written on error."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the exported games.json")
        parser.add_argument("--user", required=True, help="a superuser to write as")

    def handle(self, *args: Any, **options: Any) -> None:
        user = User.objects.filter(username=options["user"], is_superuser=True).first()
        if user is None:
            raise CommandError(f"no superuser {options['user']!r}")
        try:
            with open(options["file"], encoding="utf-8") as f:
                document = json.load(f)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise CommandError(f"cannot read {options['file']}: {exc}") from exc
        try:
            tournament = tournament_import(by=user, document=document)
        except GameImportError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"imported {tournament.slug}: {tournament.rounds.count()} rounds")
