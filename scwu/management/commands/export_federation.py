from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scwu.backup.export import federation_export_to


class Command(BaseCommand):
    help = (
        "Export the federation's whole history in open formats: a CSV per table, one JSON "
        "file, and the SCN records of every deal; into a directory or a .zip file."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("target", type=Path, help="a directory, or a file ending in .zip")

    def handle(self, *args: Any, target: Path, **options: Any) -> None:
        counts = federation_export_to(target)
        self.stdout.write(
            f"Exported {sum(counts.values())} rows of {len(counts)} tables to {target}."
        )
