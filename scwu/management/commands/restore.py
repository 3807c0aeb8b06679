from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scwu.backup.dump import backup_restore


class Command(BaseCommand):
    help = (
        "Restore a backup made by `manage.py backup` into an empty, migrated database, in one "
        "transaction. A database that holds data is refused unless --force (which empties it)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--force", action="store_true", help="replace whatever the database holds"
        )

    def handle(self, *args: Any, file: Path, force: bool, **options: Any) -> None:
        counts = backup_restore(file, force=force)
        self.stdout.write(f"Restored {sum(counts.values())} rows of {len(counts)} tables.")
