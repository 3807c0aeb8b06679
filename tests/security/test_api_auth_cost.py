"""Finding 2 (hardening round three): made-up credentials cost no password hashing, and the
API is rate limited for the anonymous (per address) and the signed in (per user)."""

from __future__ import annotations

import base64
import importlib
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from scwu.models import ApiToken
from scwu.services.api_tokens import api_token_create
from tests.factories import UserFactory
from tests.security.signin_helpers import (
    COUNTING_HASHER,
    CountingHasher,
    fresh_address,
    fresh_username,
)

pytestmark = [pytest.mark.django_db]
WORDS = "/api/words/"
PROPOSE = reverse("api:api-word-propose")
#: The production limits (scwu/config/settings.py); the test settings lift them.
PRODUCTION_LIMITS = {
    "SCWU_LOGIN_ADDRESS_FAILURE_LIMIT": 30,
    "SCWU_LOGIN_ACCOUNT_FAILURE_LIMIT": 20,
}


def _basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def test_finding_02_production_turns_basic_auth_off_and_rate_limits_the_api() -> None:
    production = importlib.import_module("scwu.config.settings")
    assert production.SCWU_API_BASIC_AUTH is False
    assert production.SCWU_API_RATES["anon"] and production.SCWU_API_RATES["user"]
    for name, value in PRODUCTION_LIMITS.items():
        assert getattr(production, name) == value


@override_settings(PASSWORD_HASHERS=[COUNTING_HASHER])
def test_finding_02_made_up_basic_credentials_are_refused_without_hashing() -> None:
    CountingHasher.reset()
    client = Client(REMOTE_ADDR=fresh_address())
    statuses = {
        client.get(WORDS, HTTP_AUTHORIZATION=_basic(fresh_username(), "guess")).status_code
        for _ in range(6)
    }
    assert statuses <= {401, 403}
    assert CountingHasher.calls == 0


@override_settings(PASSWORD_HASHERS=[COUNTING_HASHER])
def test_finding_02_a_made_up_token_is_refused_without_hashing() -> None:
    CountingHasher.reset()
    answer = Client().get(WORDS, HTTP_AUTHORIZATION="Token scwu_made-up-key")
    # 403 rather than 401: DRF names the first scheme (the session's, which has no header)
    assert answer.status_code == 403
    assert "Invalid token" in answer.json()["detail"]
    assert CountingHasher.calls == 0


def test_finding_02_an_api_client_signs_in_with_its_token_until_revoked_or_expired() -> None:
    user = UserFactory(username=fresh_username("client"))
    token, key = api_token_create(user=user, name="scorer app")
    assert ApiToken.objects.get().digest != key and key not in token.prefix + token.name
    body = {"letters": "KOCKA", "language": "cs"}

    def propose(header: str) -> int:
        return int(
            Client()
            .post(PROPOSE, body, content_type="application/json", HTTP_AUTHORIZATION=header)
            .status_code
        )

    # signed in: past authentication to the service's own answer (not 401/403 unauthenticated)
    anonymous = propose("")
    assert anonymous == 403
    assert propose(f"Token {key}") not in (401, 403)
    assert propose(f"Bearer {key}") not in (401, 403)
    ApiToken.objects.filter(pk=token.pk).update(expires=timezone.now() - timedelta(seconds=1))
    assert propose(f"Token {key}") == 403
    token.delete()
    assert propose(f"Token {key}") == 403


@override_settings(PASSWORD_HASHERS=[COUNTING_HASHER], **PRODUCTION_LIMITS)
def test_finding_02_made_up_sign_ins_from_one_address_stop_costing_hashes() -> None:
    address = fresh_address()
    CountingHasher.reset()
    statuses = [
        Client(REMOTE_ADDR=address)
        .post(reverse("login"), {"login": fresh_username(), "password": "guess"})
        .status_code
        for _ in range(40)
    ]
    assert CountingHasher.calls == 30  # one per failure up to the address's limit, then none
    assert statuses[:30] == [200] * 30  # the form again, with its error
    assert set(statuses[30:]) == {429}
    # another address is not affected
    assert (
        Client(REMOTE_ADDR=fresh_address())
        .post(reverse("login"), {"login": fresh_username(), "password": "guess"})
        .status_code
        == 200
    )


@override_settings(
    PASSWORD_HASHERS=[COUNTING_HASHER], SCWU_API_BASIC_AUTH=True, **PRODUCTION_LIMITS
)
def test_finding_02_basic_auth_when_switched_on_stops_costing_hashes_too() -> None:
    client = Client(REMOTE_ADDR=fresh_address())
    CountingHasher.reset()
    statuses = [
        client.get(WORDS, HTTP_AUTHORIZATION=_basic(fresh_username(), "guess")).status_code
        for _ in range(35)
    ]
    assert CountingHasher.calls == 30
    assert set(statuses[30:]) == {429}


@override_settings(SCWU_API_RATES={"anon": "5/minute", "user": None})
def test_finding_02_anonymous_api_use_is_rate_limited_per_address() -> None:
    client = Client(REMOTE_ADDR=fresh_address())
    statuses = [client.get(WORDS).status_code for _ in range(6)]
    assert statuses == [200] * 5 + [429]
    refused = client.get(WORDS)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert Client(REMOTE_ADDR=fresh_address()).get(WORDS).status_code == 200


@override_settings(
    SCWU_API_RATES={"anon": "5/minute", "user": None}, SCWU_TRUSTED_PROXIES=["10.9.0.0/16"]
)
def test_finding_02_behind_the_proxy_each_client_has_its_own_rate() -> None:
    proxy = Client(REMOTE_ADDR="10.9.0.2")
    first, second = fresh_address(), fresh_address()
    for _ in range(5):
        assert proxy.get(WORDS, HTTP_X_FORWARDED_FOR=first).status_code == 200
    assert proxy.get(WORDS, HTTP_X_FORWARDED_FOR=first).status_code == 429
    assert proxy.get(WORDS, HTTP_X_FORWARDED_FOR=second).status_code == 200


@override_settings(SCWU_API_RATES={"anon": None, "user": "5/minute"})
def test_finding_02_signed_in_api_use_is_rate_limited_per_user() -> None:
    busy: User = UserFactory(username=fresh_username("busy"))
    other: User = UserFactory(username=fresh_username("other"))
    busy_key = api_token_create(user=busy, name="busy")[1]
    other_key = api_token_create(user=other, name="other")[1]
    address = fresh_address()

    def get(key: str) -> int:
        return int(
            Client(REMOTE_ADDR=address).get(WORDS, HTTP_AUTHORIZATION=f"Token {key}").status_code
        )

    assert [get(busy_key) for _ in range(6)] == [200] * 5 + [429]
    assert get(other_key) == 200  # same address, another user
