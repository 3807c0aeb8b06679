from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.rating"
    label = "rating"
    verbose_name = _("Rating")
