from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScwuConfig(AppConfig):
    name = "scwu"
    verbose_name = _("Federation")

    def ready(self) -> None:
        from scwu.api import strict

        strict.install()
