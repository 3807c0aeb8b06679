"""``python manage.py rating_rebuild``: forget every rating and rate all games again.

Needed after a correction to a game already rated, and after a change to the
rating model (:mod:`tournaments.rating.skill`): ratings stored by an older
model would otherwise mix with the new one's updates.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.rating.services import rating_rebuild


class Command(BaseCommand):
    help = "Forget every rating and rate all finished, released games again, oldest first."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"games rated: {rating_rebuild()}")
