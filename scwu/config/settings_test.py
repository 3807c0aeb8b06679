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

# The analysis job runs eagerly at every deal's end in the embedded setup: a few samples do
# (the tests check the report's shape and who sees it, not the engine's estimates).
SCWU_ANALYSIS_PASS_SAMPLES = 2
SCWU_ANALYSIS_PLAY_SAMPLES = 4

# The suite makes thousands of API calls and many failed sign-ins from one address within a
# minute, and the cache outlives a test: the rate limits and the sign-in limits per address and
# per account are out of the way here; their own tests set them (tests/security/).
SCWU_API_RATES = {"anon": None, "user": None}
SCWU_LOGIN_ADDRESS_FAILURE_LIMIT = 1_000_000
SCWU_LOGIN_ACCOUNT_FAILURE_LIMIT = 1_000_000

# The suite's directors, referees and administrators are made by factories and signed in with
# force_login: the tests of other features run them without an authenticator app. The rule
# itself runs as shipped in tests/accounts/test_second_factor.py (and the browser test), which
# turn this back on.
SCWU_OFFICIALS_NEED_SECOND_FACTOR = False
