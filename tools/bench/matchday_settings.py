"""Settings of the match-day bench's servers: the site's, with the bench's bare one-query view
beside its URLs (``tools.bench.bare``)."""

from scwu.config.settings import *  # noqa: F403

ROOT_URLCONF = "tools.bench.bare"
