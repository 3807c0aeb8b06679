from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.rating"
    label = "rating"
    verbose_name = _("Rating")

    def ready(self) -> None:
        # Registered once the app registry is ready (it imports models): the services queue
        # the rating job by name.
        from tournaments.rating import tasks

        del tasks
