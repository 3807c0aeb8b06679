from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Imported once the app registry is ready (they import models): the results'
        # receivers of the scorekeeping signals, and the jobs the services queue by name.
        from tournaments import tasks
        from tournaments.results import receivers

        del tasks, receivers
