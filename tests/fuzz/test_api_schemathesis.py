"""Schemathesis against our OpenAPI schema, with the test federation in the database.

Every operation gets a few generated requests twice: as the public (no credentials) and
signed in as a superuser (so writes reach the services, not just the permission check).
Every check schemathesis has runs (no server error, only documented statuses, bodies,
content types and headers as documented, schema-violating input refused, schema-valid input
accepted, …). Bounded by ``MAX_EXAMPLES`` so that it fits CI; the number of cases run is
reported at the end of the session (``fuzz cases run: N``).

Run alone against PostgreSQL::

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/scwu_x \\
        .venv/bin/python -m pytest tests/fuzz/test_api_schemathesis.py -p no:cacheprovider
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import ignored_auth

from scwu.services.api_tokens import api_token_create
from tests.security.world import build_world

MAX_EXAMPLES = 6
PASSWORD = "fuzz-pw-1234"

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
# The coverage phase enumerates every boundary the schema allows (thousands of cases); the
# examples and the bounded random phase keep the run to a couple of minutes.
schema.config.phases.update(phases=["examples", "fuzzing"])


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
def world(db: None) -> None:
    build_world()


@pytest.fixture
def admin_auth(world: None) -> dict[str, str]:
    user = User.objects.create_superuser("fuzzer", "fuzzer@scwu.example", PASSWORD)
    # An API client's way in (basic auth is off: scwu/security/basic_auth.py).
    _, key = api_token_create(user=user, name="fuzzer")
    return {"Authorization": f"Token {key}"}


FUZZ_SETTINGS = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


@schema.parametrize()
@FUZZ_SETTINGS
def test_finding_15_api_as_the_public_answers_as_documented(
    case: Any, world: None, record_property: Any
) -> None:
    record_property("fuzz_cases", 1)
    case.call_and_validate()


@schema.parametrize()
@FUZZ_SETTINGS
def test_finding_15_api_as_an_administrator_answers_as_documented(
    case: Any, admin_auth: dict[str, str], record_property: Any
) -> None:
    record_property("fuzz_cases", 1)
    # Every check but "ignored auth": it resends the case with broken credentials, but the
    # administrator's header given here goes with every request, so it would sign in anyway.
    # The public run above checks that the API refuses what needs signing in.
    case.call_and_validate(headers=admin_auth, excluded_checks=[ignored_auth])
