from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScwuConfig(AppConfig):
    name = "scwu"
    verbose_name = _("Federation")

    def ready(self) -> None:
        # Once the app registry is ready: the patch imports DRF's serializers, which import
        # Django's models and the REST framework settings.
        from scwu.api import strict

        strict.install()
