"""The project's configuration: settings, URLs, the ASGI/WSGI entry points and the Celery app.

It sits on top of every app and nothing below imports it. The Celery app is created here so
that ``@shared_task`` binds to it whenever Django loads the settings (``celery -A scwu.config``).
"""

from scwu.config.celery import app as celery_app

__all__ = ["celery_app"]
