from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# Registers the deploy checks (manage.py check --deploy).
from scwu.security import checks as _checks  # noqa: F401
from scwu.security import signin


class ScwuConfig(AppConfig):
    name = "scwu"
    verbose_name = _("Federation")

    def ready(self) -> None:
        # Once the app registry is ready: the patch imports DRF's serializers, which import
        # Django's models and the REST framework settings.
        from scwu import tasks
        from scwu.api import known_inputs, strict

        # Registered once models are loaded: the site queues its email tasks by name.
        del tasks
        strict.install()
        known_inputs.install()
        signin.connect()
