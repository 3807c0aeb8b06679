"""A throwaway database for a benchmark: the site's settings, a fresh test database made for
the run (SQLite, or PostgreSQL when ``DATABASE_URL`` is set) and dropped after it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def throwaway_database() -> Iterator[str]:
    """Set Django up and yield the name of a new test database, destroyed on the way out."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scwu.config.settings")
    import django

    django.setup()  # the site's modules can be imported only after this
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield name
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)
