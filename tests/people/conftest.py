"""The people's tests: the emails are queued on commit, so each action that sends one runs
inside ``sent()``, which commits (runs the on-commit callbacks) at its end."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest


@pytest.fixture
def sent(django_capture_on_commit_callbacks: Any) -> Callable[[], AbstractContextManager[Any]]:
    return lambda: django_capture_on_commit_callbacks(execute=True)
