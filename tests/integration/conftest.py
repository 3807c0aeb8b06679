"""Integration tests run only where .ci/run started real PostgreSQL, Redis and a worker.

Every module here sets ``pytestmark = pytest.mark.integration`` so `make test` leaves it out.
"""

from __future__ import annotations

import os

import pytest
from django.conf import settings


@pytest.fixture(autouse=True)
def _real_services() -> None:
    if not os.environ.get("SCWU_CELERY_WORKER"):
        pytest.fail("integration tests need the services and worker that .ci/run starts")
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    assert not settings.CELERY_TASK_ALWAYS_EAGER
