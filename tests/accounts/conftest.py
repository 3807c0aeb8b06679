"""What the account tests share: a clean rate-limit cache, and signing up through the pages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

PASSWORD = "a-long-and-unusual-passphrase"
LINK = re.compile(r"https?://testserver(/accounts/[^\s]+)")


@pytest.fixture(autouse=True)
def _fresh_limits() -> Iterator[None]:
    """allauth's rate limits count in the cache, which outlives a test."""
    cache.clear()
    yield
    cache.clear()


def sign_up(client: Client, username: str, email: str, password: str = PASSWORD) -> int:
    response = client.post(
        reverse("account_signup"),
        {"username": username, "email": email, "password1": password, "password2": password},
    )
    return int(response.status_code)


def link_in_last_email(to: str) -> str:
    """The site's path in the last email sent to ``to``."""
    message = [m for m in mail.outbox if to in m.to][-1]
    found = LINK.search(str(message.body))
    assert found, message.body
    return found.group(1)
