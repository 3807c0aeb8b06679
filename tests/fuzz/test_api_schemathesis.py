"""Schemathesis against our OpenAPI schema, with the test federation in the database.

Every operation is run twice: as the public (no credentials) and as an administrator (a
superuser with an API token, as API clients sign in), so writes reach the services and not
just the permission check; the API's rate limits are off for the run. Every check
schemathesis has runs: no server error, only documented statuses, bodies, content types and
headers as documented, every schema-violating request refused with a 4xx (negative data),
every schema-valid one accepted (positive data); and ours: no answer is a 429 or a 503,
which both checks above accept and which would hide the answer they are about.

Path parameters drawn at random name nothing that exists, so the request stops at a 404 before
its query or body is read: half of the reads whose path is not what is being varied are aimed
at the test federation's objects instead (:func:`_aim_at_the_world`), so that the checks see
the answers of real tournaments, rounds, tables, deals and Smoke sessions.

Two profiles (``SCWU_FUZZ``):

* ``suite`` (the default, ``make test``): the schema's examples and a bounded random phase,
  a few examples per operation;
* ``ci`` (``.ci/run``, on PostgreSQL, which refuses what SQLite stores: a NUL in text): the
  coverage phase too, which sends every boundary and every kind of invalid value the schema
  admits for each parameter and field, and more random examples.

Each case is counted (``schemathesis cases: ...`` at the end of the session).

Run as CI does::

    SCWU_FUZZ=ci DATABASE_URL=postgres://postgres@127.0.0.1:5432/scwu_x \\
        .venv/bin/python -m pytest -m fuzz -n 2 -p no:cacheprovider tests/fuzz
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.wsgi import get_wsgi_application
from django.test import override_settings
from hypothesis import HealthCheck, settings
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import ignored_auth

from scwu.models import Country
from scwu.services.api_tokens import api_token_create
from tests.security.world import World, build_world
from tournaments.models import Category

pytestmark = pytest.mark.fuzz

PROFILES: dict[str, dict[str, Any]] = {
    "suite": {"phases": ["examples", "fuzzing"], "max_examples": 6},
    "ci": {"phases": ["examples", "coverage", "fuzzing"], "max_examples": 12},
}
PROFILE = PROFILES[os.environ.get("SCWU_FUZZ", "suite")]

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
schema.config.phases.update(phases=PROFILE["phases"])


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


@pytest.fixture(autouse=True)
def _no_rate_limits() -> Iterator[None]:
    """Thousands of requests from one address within minutes: the API's rate limits (read
    on every request, ``scwu/api/throttles.py``) are off for the run, whatever the settings
    module says; :func:`nothing_throttled_or_unavailable` checks that nothing was throttled."""
    with override_settings(SCWU_API_RATES={"anon": None, "user": None}):
        yield


@pytest.fixture
def world(db: None) -> World:
    return build_world()


def _world_objects(world: World) -> dict[str, list[Any]]:
    """Existing objects for each path parameter, keyed by the path's first segment after
    ``/api/`` and the parameter's name."""
    category = Category.objects.values_list("code", flat=True).first()
    country = Country.objects.values_list("pk", flat=True).first()
    running = world.running
    return {
        "categories.code": [category] if category else [],
        "clubs.slug": [world.club.slug],
        "countries.id": [country] if country else [],
        "entries.id": [world.entry.pk],
        "games.appeal_id": [world.appeal_id],
        "games.deal_id": [world.deal.pk],
        "games.misdeal_id": [world.misdeal.pk],
        "games.round_id": [world.round.pk],
        "games.ruling_id": [world.ruling.pk],
        "games.table_id": [world.table.pk, world.other_table.pk],
        "players.id": [world.outsider.pk, world.club_member.pk],
        "ratings.player_id": [world.outsider.pk],
        "rounds.id": [world.round.pk],
        "seasons.id": [running.season_id],
        "seasons.year": [running.season.year],
        "series.slug": [running.series.slug],
        "smoke.id": [world.smoke.pk],
        "tournaments.number": [world.round.number],
        "tournaments.slug": [running.slug, world.registering.slug],
        "words.id": [world.extra["word"].pk],
    }


def _aim_at_the_world(case: Any, world: World) -> None:
    """Point half of the reads with schema-valid path parameters at existing objects.

    Reads only, for now: writes aimed at real objects still meet bodies the schema allows
    and the serializers refuse (a tournament's ``tiebreaks`` given null, ``league_points``,
    a ruling's deprecated ``deal`` beside ``deal_number``).

    Only where the path is not what the case varies (a negative path, or a coverage case
    about a path parameter, keeps its value); which half is fixed by the rest of the case,
    so a run is repeatable."""
    meta = case.meta
    if case.method != "GET" or not case.path_parameters or meta is None:
        return
    path_mode = meta.components.get(ParameterLocation.PATH)
    if path_mode is not None and path_mode.mode == GenerationMode.NEGATIVE:
        return
    if getattr(meta.phase.data, "parameter_location", None) == ParameterLocation.PATH:
        return
    seed = zlib.crc32(repr((case.method, case.query, case.body)).encode())
    if seed % 2:
        return
    objects = _world_objects(world)
    segment = case.path.split("/")[2]
    for name in case.path_parameters:
        candidates = objects.get(f"{segment}.{name}")
        if candidates:
            case.path_parameters[name] = candidates[seed // 2 % len(candidates)]


@pytest.fixture
def admin_headers(world: World) -> dict[str, str]:
    """A superuser's API token, an API client's way in (basic auth is off)."""
    user = User.objects.create_superuser("fuzzer", "fuzzer@scwu.example")
    _, key = api_token_create(user=user, name="fuzzer")
    return {"Authorization": f"Token {key}"}


@schemathesis.check
def nothing_throttled_or_unavailable(ctx: Any, response: Any, case: Any) -> bool | None:
    """A 429 or a 503 passes every check of schemathesis (both are documented and both are
    a refusal), so a run that was throttled would prove nothing."""
    if response.status_code in (429, 503):
        raise AssertionError(f"{response.status_code}: the run was throttled or the site away")
    return None


FUZZ_SETTINGS = settings(
    max_examples=PROFILE["max_examples"],
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


@schema.parametrize()
@FUZZ_SETTINGS
def test_api_as_the_public_answers_as_documented(
    case: Any, world: World, record_property: Any
) -> None:
    record_property("schemathesis_case", "public")
    _aim_at_the_world(case, world)
    case.call_and_validate(additional_checks=[nothing_throttled_or_unavailable])


@schema.parametrize()
@FUZZ_SETTINGS
def test_api_as_an_administrator_answers_as_documented(
    case: Any, world: World, admin_headers: dict[str, str], record_property: Any
) -> None:
    record_property("schemathesis_case", "administrator")
    _aim_at_the_world(case, world)
    # Every check but "ignored auth": it resends the case with broken credentials, but the
    # administrator's token given here goes with every request, so it would sign in anyway.
    # The public run above checks that the API refuses what needs signing in.
    case.call_and_validate(
        headers=admin_headers,
        excluded_checks=[ignored_auth],
        additional_checks=[nothing_throttled_or_unavailable],
    )
