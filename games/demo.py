"""Demo data of this app for `manage.py seed_demo` (idempotent)."""

from __future__ import annotations

from collections.abc import Callable


def seed(log: Callable[[str], None]) -> None:
    """Nothing yet: this app's demo data arrives with its features."""
