from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from tests.factories import UserFactory


@pytest.fixture
def admin_user(db: None) -> User:
    return UserFactory(username="admin-user", roles=["administrator"])


@pytest.fixture
def director(db: None) -> User:
    return UserFactory(username="director-user", roles=["director"])


@pytest.fixture
def referee(db: None) -> User:
    return UserFactory(username="referee-user", roles=["referee"])


@pytest.fixture
def plain_user(db: None) -> User:
    return UserFactory(username="plain-user")


@pytest.fixture(autouse=True)
def _english_by_default() -> Iterator[None]:
    """Each test starts in English; a test that switches language cannot leak it to the next."""
    translation.activate("en")
    yield
    translation.activate("en")
