"""Integration tests run only where .ci/run started real PostgreSQL, Redis and a worker.

Every module here sets ``pytestmark = pytest.mark.integration`` so `make test` leaves it out.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator

import pytest
from django.conf import settings

from scwu.config.celery import app
from scwu.mail.settings import SMTP_BACKEND, email_settings
from tests.integration.mailbox import Mailbox, smtp_mailbox


@pytest.fixture(autouse=True)
def _real_services() -> Iterator[None]:
    if not os.environ.get("SCWU_CELERY_WORKER"):
        pytest.fail("integration tests need the services and worker that .ci/run starts")
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    assert not settings.CELERY_TASK_ALWAYS_EAGER
    yield
    # Autouse fixtures here are set up after pytest-django's database fixture, so this runs
    # before the test database is emptied: a TRUNCATE racing a task still writing deadlocks.
    workers_idle()


@pytest.fixture(scope="session", autouse=True)
def mailbox() -> Iterator[Mailbox | None]:
    """A real SMTP server where the worker sends every email of the run (EMAIL_URL, .ci/run),
    so no message waits in the worker's retries; tests read what arrived."""
    # The environment's (the worker's) settings: the test process itself keeps Django's test
    # backend in memory.
    config = email_settings()
    if config["EMAIL_BACKEND"] != SMTP_BACKEND:
        yield None
        return
    with smtp_mailbox(config["EMAIL_HOST"], config["EMAIL_PORT"]) as box:
        yield box


def workers_idle(seconds: float = 60) -> bool:
    """Wait until no worker runs, holds or has scheduled a task (the results recompute, the
    season rankings and the rating a test's writes set off); ``False`` if they never were."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        # a test may have stopped Redis or the worker: then there is nothing to wait for
        with contextlib.suppress(Exception):
            inspect = app.control.inspect(timeout=1)
            busy = [inspect.active() or {}, inspect.reserved() or {}, inspect.scheduled() or {}]
            if not any(tasks for replies in busy for tasks in replies.values()):
                return True
        time.sleep(0.5)
    return False
