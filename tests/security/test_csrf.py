"""Every form page and every API write refuses a signed-in POST without a CSRF token."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.security.endpoints import write_endpoints
from tests.security.policy import EVERYONE, POLICY
from tests.security.world import ADMINISTRATOR, PLAYER, World, build_world

ENDPOINTS = write_endpoints()


@pytest.fixture
def world(db: None) -> World:
    return build_world()


def _client(world: World, role: str = ADMINISTRATOR) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.users[role])  # type: ignore[arg-type]
    return client


def test_every_write_endpoint_refuses_a_post_without_token(world: World) -> None:
    client = _client(world)
    accepted = []
    for endpoint in ENDPOINTS:
        rule = POLICY.get(endpoint.name)
        assert rule is not None, f"no policy for {endpoint.name}"
        if endpoint.sessionless:
            # It cannot act for anyone, so a forged request gains nothing; hold it to that.
            assert rule.allowed == EVERYONE, endpoint.name
            continue
        url = reverse(endpoint.name, kwargs=rule.kwargs(world))
        send = getattr(client, endpoint.method)
        if endpoint.is_api:
            response = send(url, rule.data(world), content_type="application/json")
        else:
            response = send(url, rule.data(world))
        if response.status_code != 403 or b"CSRF" not in response.content:
            accepted.append(f"{endpoint.method.upper()} {url}: {response.status_code}")
    assert not accepted, accepted


def test_sign_in_form_refuses_a_post_without_token() -> None:
    response = Client(enforce_csrf_checks=True).post(
        reverse("login"), {"login": "x", "password": "y"}
    )
    assert response.status_code == 403


def test_the_same_post_with_the_token_gets_through(world: World) -> None:
    # Without this the test above could pass for a reason other than the missing token.
    client = _client(world, PLAYER)
    page = client.get(reverse("word-propose"))
    token = page.context["csrf_token"]
    response = client.post(
        reverse("word-propose"),
        {"letters": "KOCKA", "language": "cs", "csrfmiddlewaretoken": str(token)},
    )
    assert response.status_code == 302
    api = client.post(
        reverse("api:api-word-propose"),
        {"letters": "MOUR", "language": "cs"},
        content_type="application/json",
        HTTP_X_CSRFTOKEN=client.cookies["csrftoken"].value,
    )
    assert api.status_code == 201, api.content


@pytest.mark.parametrize("path", ["/words/propose/", "/smoke/new/", "/tournaments/new/"])
def test_form_pages_render_the_token(world: World, path: str) -> None:
    page = _client(world).get(path)
    assert page.status_code == 200
    assert b'name="csrfmiddlewaretoken"' in page.content
