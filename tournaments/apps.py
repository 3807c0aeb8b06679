from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Imported once the app registry is ready (they import models): the results'
        # receivers of the scorekeeping signals, and the jobs the services queue by name.
        from scwu.services.clubs import season_lookup_install
        from tournaments import tasks
        from tournaments.models import Season
        from tournaments.results import receivers

        del tasks, receivers
        # The federation's rosters name seasons of the tournaments' calendar.
        season_lookup_install(lambda year: Season.objects.filter(year=year).exists())
