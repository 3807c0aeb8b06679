"""Schemathesis against our OpenAPI schema, with the test federation in the database.

Every operation gets a few generated requests, signed in as a superuser (so writes reach the
services, not just the permission check). Checked: no 5xx, and each response with a status
the schema documents matches the schema (body and content type). Bounded by ``MAX_EXAMPLES``
so that it fits CI; the number of cases run is reported at the end of the session.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, response_schema_conformance

from tests.security.world import build_world

MAX_EXAMPLES = 6
PASSWORD = "fuzz-pw-1234"

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
# The coverage phase enumerates every boundary the schema allows (thousands of cases); the
# examples and the bounded random phase keep the run to a couple of minutes.
schema.config.phases.update(phases=["examples", "fuzzing"])

# Found by this test and reported to the owners (their files, not fixed here). Each such
# operation is still called with every other check; only the one it is known to fail is left
# out, so a new failure of any other kind still shows. Remove an entry once it is fixed.
KNOWN_SERVER_ERRORS: dict[str, str] = {}
KNOWN_SCHEMA_MISMATCHES: dict[str, str] = {}


def checks_for(label: str) -> list[Any]:
    checks = [not_a_server_error, response_schema_conformance, content_type_conformance]
    if label in KNOWN_SERVER_ERRORS:
        checks.remove(not_a_server_error)
    if label in KNOWN_SCHEMA_MISMATCHES:
        checks.remove(response_schema_conformance)
    return checks


@pytest.fixture(autouse=True)
def _keep_the_test_connection() -> Iterator[None]:
    """Keep the test's database connection across the in-process WSGI calls.

    Django closes connections at the end of each request (``close_old_connections``);
    its test client switches that off, schemathesis' WSGI client does not, and on
    PostgreSQL the test's transaction would be closed after the first request.
    """
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def auth(db: None) -> dict[str, str]:
    build_world()
    User.objects.create_superuser("fuzzer", "fuzzer@scwu.example", PASSWORD)
    token = base64.b64encode(f"fuzzer:{PASSWORD}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_answers_without_server_errors_and_as_documented(
    case: Any, auth: dict[str, str], record_property: Any
) -> None:
    record_property("fuzz_cases", 1)
    case.call_and_validate(headers=auth, checks=checks_for(case.operation.label))
