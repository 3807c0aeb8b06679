"""WSGI entry point."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scwu.config.settings")
application = get_wsgi_application()

from scwu.config.startup import objects_freeze  # noqa: E402

objects_freeze()
