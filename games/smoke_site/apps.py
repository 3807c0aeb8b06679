from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SmokeSiteConfig(AppConfig):
    name = "games.smoke_site"
    label = "smoke"
    verbose_name = _("Smoke (1968) scorekeeping")
    default_auto_field = "django.db.models.BigAutoField"
