from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scwu.backup.dump import backup_write


class Command(BaseCommand):
    help = (
        "Back up all data to a compressed JSON file (e.g. scwu-2026-05-16.json.gz); "
        "restore it with `manage.py restore`."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="*.json.gz (or .json, .json.bz2, .json.xz)")

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        counts = backup_write(file)
        self.stdout.write(
            f"Backed up {sum(counts.values())} rows of {len(counts)} tables to {file}."
        )
