"""Finding 14 (hardening round three): password guessing is limited per account, across
addresses, and the limit cannot be turned against the account holder: their known browser
(the device cookie of an earlier sign-in) and known address still sign in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse

from scwu.security.signin import DEVICE_COOKIE
from tests.factories import UserFactory
from tests.security.signin_helpers import (
    COUNTING_HASHER,
    CountingHasher,
    fresh_address,
    fresh_username,
)

pytestmark = [pytest.mark.django_db]
LOGIN = reverse("login")


@pytest.fixture(autouse=True)
def _production_limits() -> Iterator[None]:
    """The production limits (the test settings lift them); axes' 5 per username and address."""
    with override_settings(
        PASSWORD_HASHERS=[COUNTING_HASHER],
        SCWU_LOGIN_ADDRESS_FAILURE_LIMIT=30,
        SCWU_LOGIN_ACCOUNT_FAILURE_LIMIT=20,
    ):
        yield


@pytest.fixture
def holder() -> User:
    return UserFactory(username=fresh_username("holder"), password="right-password")


def _sign_in(client: Client, username: str, password: str) -> int:
    return int(client.post(LOGIN, {"login": username, "password": password}).status_code)


def _guess_from_40_addresses(username: str) -> list[int]:
    """The probe's attack: 4 guesses from each of 40 addresses, under axes' 5 per address."""
    return [
        _sign_in(Client(REMOTE_ADDR=address), username, f"guess-{n}")
        for address in [fresh_address() for _ in range(40)]
        for n in range(4)
    ]


def test_finding_14_guessing_from_many_addresses_is_limited_per_account(holder: User) -> None:
    CountingHasher.reset()
    statuses = _guess_from_40_addresses(holder.username)
    # 20 passwords checked, then the account refuses strangers without checking any
    assert CountingHasher.calls == 20
    assert statuses[:20] == [200] * 20
    assert set(statuses[20:]) == {429}
    # ... the right password included, from a stranger's address
    assert _sign_in(Client(REMOTE_ADDR=fresh_address()), holder.username, "right-password") == 429


def test_finding_14_the_holder_signs_in_from_a_known_browser_or_address_meanwhile(
    holder: User,
) -> None:
    home = fresh_address()
    browser = Client(REMOTE_ADDR=home)
    assert _sign_in(browser, holder.username, "right-password") == 302
    assert DEVICE_COOKIE in browser.cookies
    browser.post(reverse("logout"))

    assert set(_guess_from_40_addresses(holder.username)[20:]) == {429}

    # the same browser, now on a hall's Wi-Fi: known by its device cookie
    browser.defaults["REMOTE_ADDR"] = fresh_address()
    assert _sign_in(browser, holder.username, "right-password") == 302
    # a new browser at the holder's known address (an API script at home, say)
    assert _sign_in(Client(REMOTE_ADDR=home), holder.username, "right-password") == 302


def test_finding_14_the_holders_own_typos_from_a_known_browser_do_not_close_the_account(
    holder: User,
) -> None:
    browser = Client(REMOTE_ADDR=fresh_address())
    assert _sign_in(browser, holder.username, "right-password") == 302
    for _ in range(5):  # a new address each time, under axes' limit for each
        browser.defaults["REMOTE_ADDR"] = fresh_address()
        for _ in range(4):
            assert _sign_in(browser, holder.username, "typo") == 200
    # 20 failures, all from the known browser: strangers may still try (and fail)
    assert _sign_in(Client(REMOTE_ADDR=fresh_address()), holder.username, "guess") == 200


def test_finding_14_a_forged_device_cookie_does_not_help(holder: User) -> None:
    _guess_from_40_addresses(holder.username)
    stranger = Client(REMOTE_ADDR=fresh_address())
    stranger.cookies[DEVICE_COOKIE] = "forged"
    assert _sign_in(stranger, holder.username, "right-password") == 429
