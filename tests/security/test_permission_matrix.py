"""Every role against every write endpoint and write page, per the declared policy.

The endpoints are discovered from the URL conf (``endpoints.py``); each needs a rule in
``policy.py``. A cell passes when an allowed role gets past the permission check (any answer
but 401/403 or a bounce to the sign-in page; a 400 for the world's state is fine) and a
refused role is stopped there. Each role's request runs in a savepoint that is rolled back,
so every role meets the same world.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import resolve_url
from django.test import Client
from django.urls import reverse

from tests.security.endpoints import Endpoint, write_endpoints
from tests.security.policy import POLICY, Rule
from tests.security.world import ANONYMOUS, ROLES, World, build_world

ENDPOINTS = {e.name: e for e in write_endpoints()}


def _endpoint(key: str) -> Endpoint:
    return ENDPOINTS[key.split("#")[0]]


def _request(client: Client, endpoint: Endpoint, rule: Rule, world: World) -> HttpResponse:
    url = reverse(endpoint.name, kwargs=rule.kwargs(world))
    send = getattr(client, endpoint.method)
    if endpoint.is_api:
        return send(url, rule.data(world), content_type="application/json")  # type: ignore[no-any-return]
    return send(url, rule.data(world))  # type: ignore[no-any-return]


def is_refused(response: HttpResponse) -> bool:
    if response.status_code in (401, 403):
        return True
    login = resolve_url(settings.LOGIN_URL)
    return response.status_code == 302 and response["Location"].startswith(login)


def _outcome(world: World, role: str, endpoint: Endpoint, rule: Rule) -> tuple[bool, int]:
    client = Client()
    user = world.users[role]
    if user is not None:
        client.force_login(user)
    with transaction.atomic():
        response = _request(client, endpoint, rule, world)
        transaction.set_rollback(True)
    assert response.status_code < 500, (role, endpoint.name, response.content[:300])
    return is_refused(response), response.status_code


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(k for k in POLICY if k.split("#")[0] in ENDPOINTS))
def test_role_matrix(key: str) -> None:
    rule = POLICY[key]
    endpoint = _endpoint(key)
    world = build_world()
    wrong: list[str] = []
    for role in ROLES:
        if rule.login_only and role != ANONYMOUS:
            continue
        refused, status = _outcome(world, role, endpoint, rule)
        expected_refused = role not in rule.allowed
        if refused != expected_refused:
            verdict = "refused" if refused else "let through"
            wrong.append(f"{role}: {verdict} ({status})")
    assert not wrong, f"{key}: " + "; ".join(wrong)


def test_every_discovered_write_endpoint_has_a_declared_policy() -> None:
    declared = {key.split("#")[0] for key in POLICY}
    undeclared = sorted(set(ENDPOINTS) - declared)
    assert not undeclared, f"declare a policy in tests/security/policy.py for: {undeclared}"


def test_the_policy_names_no_endpoint_that_is_gone() -> None:
    stale = sorted(key for key in POLICY if key.split("#")[0] not in ENDPOINTS)
    assert not stale, stale


def test_discovery_finds_api_writes_and_form_pages() -> None:
    # Guards the discovery itself: a walker that found nothing would make the matrix vacuous.
    assert ENDPOINTS["games-api:deal-record"].is_api
    assert ENDPOINTS["tournaments-api:tournament-update"].method == "patch"
    assert not ENDPOINTS["word-propose"].is_api
    assert "home" not in ENDPOINTS and "games-api:table-state" not in ENDPOINTS
