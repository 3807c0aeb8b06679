"""Finding 8: behind the reverse proxy the lockout counts the real client (X-Forwarded-For
from a trusted proxy), per username and address, so a stranger cannot lock the director out;
a locked-out API basic auth answers 429."""

from __future__ import annotations

import base64

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse

from tests.factories import UserFactory

LOGIN = reverse("login")
PROXY = "10.9.0.2"
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("director")]


@pytest.fixture
def director(db: None) -> User:
    return UserFactory(username="boss", password="right-password")


def _via_proxy(client_ip: str, password: str) -> int:
    response = Client(REMOTE_ADDR=PROXY).post(
        LOGIN,
        {"login": "boss", "password": password},
        HTTP_X_FORWARDED_FOR=f"{client_ip}, {PROXY}",
    )
    return int(response.status_code)


@override_settings(SCWU_TRUSTED_PROXIES=["10.9.0.0/16"])
def test_finding_08_a_stranger_behind_the_proxy_cannot_lock_out_the_director() -> None:
    statuses = [_via_proxy("198.51.100.66", "wrong") for _ in range(settings.AXES_FAILURE_LIMIT)]
    assert statuses[-1] == 429
    assert _via_proxy("192.0.2.10", "right-password") == 302


def test_finding_08_forwarded_for_from_an_untrusted_peer_is_ignored() -> None:
    for n in range(settings.AXES_FAILURE_LIMIT):  # a new fake address each time
        Client(REMOTE_ADDR="203.0.113.9").post(
            LOGIN,
            {"login": "boss", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=f"192.0.2.{n}",
        )
    locked = Client(REMOTE_ADDR="203.0.113.9").post(
        LOGIN, {"login": "boss", "password": "right-password"}
    )
    assert locked.status_code == 429


def _basic(username: str, password: str) -> int:
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    response = Client(REMOTE_ADDR="10.0.0.3").get(
        "/api/words/", HTTP_AUTHORIZATION=f"Basic {token}"
    )
    return int(response.status_code)


# Basic auth is off unless SCWU_API_BASIC_AUTH is on; these check it while it is on.
@override_settings(SCWU_API_BASIC_AUTH=True)
def test_finding_08_basic_auth_lockout_answers_429() -> None:
    statuses = [_basic("boss", "wrong") for _ in range(settings.AXES_FAILURE_LIMIT)]
    assert statuses[0] in (401, 403)  # refused credentials (DRF: 403 after session auth)
    assert _basic("boss", "right-password") == 429


@override_settings(SCWU_API_BASIC_AUTH=True)
@pytest.mark.parametrize("username", ["bo\x00ss", "x" * 256])
def test_finding_06_basic_auth_with_an_impossible_username_is_refused(username: str) -> None:
    assert _basic(username, "pw") in (401, 403)
    assert not AccessAttempt.objects.exists()
