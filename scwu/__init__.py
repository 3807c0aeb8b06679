"""SCWU: the federation registry and the project's settings, URLs and Celery app."""

from scwu.celery import app as celery_app

__all__ = ["celery_app"]
