from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Benchmark recording deals through the service and the API (a throw-away test DB)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--deals", type=int, default=300)

    def handle(self, *args: Any, **options: Any) -> None:
        from games.bench import main

        main(["--deals", str(options["deals"])])
