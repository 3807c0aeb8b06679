"""Load the demo federation, tournaments and games. Idempotent: run it as often as you like."""

from __future__ import annotations

import importlib
from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from tools.demo import DEMO_PASSWORD, SEEDERS


class Command(BaseCommand):
    help = "Load realistic demo data (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            for name in SEEDERS:
                importlib.import_module(name).seed(self.stdout.write)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data ready. Sign in as admin, director, referee, captain, player or "
                f"commission1..5 with the password {DEMO_PASSWORD!r}."
            )
        )
