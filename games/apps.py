from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games and scorekeeping")

    def ready(self) -> None:
        # Registered once the app registry is ready (it imports models): the services queue
        # the analysis job by name.
        from games import tasks

        del tasks
