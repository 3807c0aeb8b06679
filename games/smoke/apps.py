from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SmokeConfig(AppConfig):
    name = "games.smoke"
    label = "smoke"
    verbose_name = _("Smoke (1968) scorekeeping")
    default_auto_field = "django.db.models.BigAutoField"
