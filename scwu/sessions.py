"""Sessions in the database, read through the shared cache (Redis in production).

Every signed-in request reads its session; from the cache that is no query. The database
stays the authority: a sign-out deletes the row and the cached copy, a cache miss (or Redis
away, ``scwu.cache``) reads the row. A copy is kept for at most ``CACHE_SECONDS``, so a
sign-out while Redis was unreachable (its copy not deleted) is honoured within that time
instead of the session's whole lifetime.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import cached_db

#: The longest a session's cached copy is trusted without reading its row again.
CACHE_SECONDS = 300


class _CappedCache:
    """The cache, keeping nothing longer than ``CACHE_SECONDS``."""

    def __init__(self, cache: Any) -> None:
        self._cache = cache

    def set(self, key: str, value: Any, timeout: int | None = None) -> None:
        capped = CACHE_SECONDS if timeout is None else min(timeout, CACHE_SECONDS)
        self._cache.set(key, value, capped)

    def __contains__(self, key: str) -> bool:
        return key in self._cache

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cache, name)


class SessionStore(cached_db.SessionStore):
    _cache: Any

    def __init__(self, session_key: str | None = None) -> None:
        super().__init__(session_key)
        self._cache = _CappedCache(self._cache)
