"""Sign-in is rate limited per username and address (django-axes): after the limit of
failures the pair is locked out with a 429, even for the right password."""

from __future__ import annotations

import base64

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse

from tests.factories import UserFactory

LOGIN = reverse("login")


@pytest.fixture
def victim(db: None) -> User:
    return UserFactory(username="victim", password="right-password")


def _sign_in(password: str, *, ip: str = "10.0.0.1", username: str = "victim") -> int:
    response = Client(REMOTE_ADDR=ip).post(LOGIN, {"login": username, "password": password})
    return int(response.status_code)


def _fail_up_to_the_limit(**kwargs: str) -> list[int]:
    return [_sign_in("wrong", **kwargs) for _ in range(settings.AXES_FAILURE_LIMIT)]


def test_the_limit_is_five_failures_by_default() -> None:
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


def test_failures_up_to_the_limit_then_lockout_even_with_the_right_password(
    victim: User,
) -> None:
    statuses = _fail_up_to_the_limit()
    assert statuses[:-1] == [200] * (settings.AXES_FAILURE_LIMIT - 1)  # the form, with an error
    assert statuses[-1] == 429
    locked = Client(REMOTE_ADDR="10.0.0.1").post(
        LOGIN, {"login": "victim", "password": "right-password"}
    )
    assert locked.status_code == 429
    assert b"Too many failed sign-ins" in locked.content
    assert "_auth_user_id" not in locked.client.session


def test_the_lockout_is_per_username_and_address(victim: User) -> None:
    _fail_up_to_the_limit()
    assert _sign_in("right-password", ip="10.0.0.2") == 302  # same user, another address
    UserFactory(username="neighbour", password="pw2")
    assert _sign_in("pw2", username="neighbour") == 302  # same address, another user


def test_a_success_before_the_limit_resets_the_count(victim: User) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _sign_in("wrong") == 200
    assert _sign_in("right-password") == 302
    assert _sign_in("wrong") == 200  # counting starts again


@override_settings(SCWU_API_BASIC_AUTH=True)  # off by default (scwu/security/basic_auth.py)
def test_api_basic_auth_is_locked_out_too(victim: User) -> None:
    def call(password: str) -> int:
        token = base64.b64encode(f"victim:{password}".encode()).decode()
        response = Client(REMOTE_ADDR="10.0.0.3").post(
            reverse("api:api-word-propose"),
            {"letters": "KOCKA", "language": "cs"},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Basic {token}",
        )
        return int(response.status_code)

    statuses = [call("wrong") for _ in range(settings.AXES_FAILURE_LIMIT)]
    assert all(code in (401, 403, 429) for code in statuses)
    assert call("right-password") in (403, 429)
