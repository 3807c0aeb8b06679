"""Load the demo federation, tournaments and games. Idempotent: run it as often as you like."""

from __future__ import annotations

import importlib
from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction
from django.test.utils import override_settings

from tools.demo import DEMO_PASSWORD, SEEDERS


class Command(BaseCommand):
    help = "Load realistic demo data (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        # The seeders act through the services as the demo's director and referee, who have
        # no authenticator app yet (they set one up at their first sign-in): the command is
        # the site's owner at the console, so the second-factor rule is not asked while it
        # runs. Without this a fresh database refuses the first tournament.
        with override_settings(SCWU_OFFICIALS_NEED_SECOND_FACTOR=False), transaction.atomic():
            for name in SEEDERS:
                importlib.import_module(name).seed(self.stdout.write)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data ready. Sign in as admin, director, referee, captain, player or "
                f"commission1..5 with the password {DEMO_PASSWORD!r}."
            )
        )
