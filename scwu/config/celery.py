"""The Celery app. Eager in the embedded default, Redis-backed when REDIS_URL is set."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scwu.config.settings")

app = Celery("scwu")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
