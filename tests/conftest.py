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


@pytest.fixture(autouse=True)
def _celery_eager_unless_integration(request: pytest.FixtureRequest) -> Iterator[None]:
    """Unit tests run tasks in-process even when CI points the suite at Redis; only tests
    marked ``integration`` hand their tasks to the real worker."""
    from scwu.config.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = "integration" not in request.keywords
    yield
    app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def _channel_layer_of_this_test() -> Iterator[None]:
    """Each test builds its own channel layer. Tests run their consumers on a fresh event loop
    each (``async_to_sync``), and channels_redis keeps receive state on the layer object (a
    lock bound to the loop that first waited on it); a loop that ended with a receive in
    flight would otherwise hand that state to the next test ("bound to a different event
    loop"). A server process runs one loop, so production never meets this."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the tests that drive Chromium last.

    Playwright's sync API leaves an event loop running in the test thread for the rest of
    the session, and ``async_to_sync`` (Channels' communicators) refuses to run in a thread
    with a running loop, so any such test collected after a browser test would fail.
    """
    items.sort(key=lambda item: "browser" in getattr(item, "fixturenames", ()))
