"""Queue the analysis of every finished deal whose analysis is not stored.

The analysis job is queued when a deal ends; this catches up deals recorded before analyses
were stored and deals whose job was lost while the broker was down. Safe to run again: a deal
whose four seats are stored is skipped, and a repeated job stores nothing twice.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.analysis import analyses_queue_missing, table_deal_records
from games.online.analysis import online_deal_records


class Command(BaseCommand):
    help = (
        "Queue the analysis job for every finished deal (at the tables and online) whose "
        "analysis is not stored yet; safe to run again."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        queued, refused = analyses_queue_missing(chain(table_deal_records(), online_deal_records()))
        if refused:
            raise CommandError(
                f"{queued} deals queued, {refused} refused: the broker is unreachable; "
                "run the command again when it is up."
            )
        self.stdout.write(f"{queued} deals queued for analysis")
