"""Settings for the test suite (pytest's ``DJANGO_SETTINGS_MODULE``) and the servers it starts.

The production settings refuse to run outside debug without a secret key; the suite, even
against real PostgreSQL and Redis, runs in debug unless ``DJANGO_DEBUG`` says otherwise.
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_DEBUG", "1")

from scwu.config.settings import *  # noqa: F403

# Hashing passwords slowly is the point in production and only costs time in tests.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
