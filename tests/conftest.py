from __future__ import annotations

import pytest
from django.contrib.auth.models import User

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
