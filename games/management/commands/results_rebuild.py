from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.models import TableGame
from games.results import seat_results_rebuild
from tournaments.models import Tournament
from tournaments.results.services import results_changed, results_recompute


class Command(BaseCommand):
    help = (
        "Rewrite every game's seat results from its events, then recompute the placings "
        "(for games scored before seat results existed; safe to run again)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tournament", help="only this tournament (slug)")

    def handle(self, *args: Any, **options: Any) -> None:
        tournaments = Tournament.objects.order_by("pk")
        if options["tournament"]:
            tournaments = tournaments.filter(slug=options["tournament"])
        ids = list(tournaments.values_list("pk", flat=True))
        games = list(
            TableGame.objects.filter(table__round__tournament_id__in=ids).values_list(
                "pk", flat=True
            )
        )
        rebuilt = seat_results_rebuild(game_ids=games)
        for tournament_id in ids:
            results_changed(tournament_id)
            results_recompute(tournament_id)
        self.stdout.write(f"{rebuilt} games rebuilt, {len(ids)} tournaments recomputed")
