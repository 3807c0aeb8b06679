"""A Redis cache that degrades to no cache while Redis is unreachable.

Django's own ``RedisCache`` raises ``redis.ConnectionError`` into the request when Redis is
down; for us the cache only ever saves work (results are computed from the database), so a
read becomes a miss and a write is skipped, with one warning, and the site keeps serving.
The answers while degraded are those of Django's ``DummyCache``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from django.core.cache import cache
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("scwu.cache")

UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
T = TypeVar("T")


def _degraded(operation: str, run: Callable[[], T], fallback: T) -> T:
    try:
        return run()
    except UNREACHABLE as exc:
        logger.warning("cache %s skipped, Redis unreachable: %s", operation, exc)
        return fallback


class _KeptClientRedisCacheClient(RedisCacheClient):
    """Django's client made a new ``redis.Redis`` (and its table of ~170 reply handlers) for
    every cache call: a tenth of a millisecond each, two or three times per page. One client
    per connection pool does (a ``redis.Redis`` takes a connection from its pool per command,
    so threads can share it; Django keeps a cache object per thread anyway)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        django_client: Any = self  # Django's client class is not typed
        pool = django_client._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = django_client._client(connection_pool=pool)
        return client


class TolerantRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _KeptClientRedisCacheClient

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        return _degraded(
            "add", lambda: super(TolerantRedisCache, self).add(key, value, timeout, version), True
        )

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return _degraded(
            "get", lambda: super(TolerantRedisCache, self).get(key, default, version), default
        )

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        _degraded(
            "set", lambda: super(TolerantRedisCache, self).set(key, value, timeout, version), None
        )

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return _degraded(
            "touch", lambda: super(TolerantRedisCache, self).touch(key, timeout, version), False
        )

    def delete(self, key: Any, version: int | None = None) -> bool:
        return _degraded(
            "delete", lambda: super(TolerantRedisCache, self).delete(key, version), False
        )

    def get_many(self, keys: Iterable[Any], version: int | None = None) -> dict[Any, Any]:
        return _degraded(
            "get_many", lambda: super(TolerantRedisCache, self).get_many(keys, version), {}
        )

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return _degraded(
            "has_key", lambda: super(TolerantRedisCache, self).has_key(key, version), False
        )

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        try:
            return super().incr(key, delta, version)
        except UNREACHABLE as exc:
            # As with no cache: the key is not there.
            raise ValueError(f"Key '{key}' not found (Redis unreachable)") from exc

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> list[Any]:
        return _degraded(
            "set_many", lambda: super(TolerantRedisCache, self).set_many(data, timeout, version), []
        )

    def delete_many(self, keys: Iterable[Any], version: int | None = None) -> None:
        _degraded(
            "delete_many", lambda: super(TolerantRedisCache, self).delete_many(keys, version), None
        )

    def clear(self) -> None:
        _degraded("clear", lambda: super(TolerantRedisCache, self).clear(), None)


def kept_many(keys: Sequence[str], build: Callable[[list[int]], list[T]], timeout: int) -> list[T]:
    """The cached values of ``keys``, in order; those not cached are built in one call of
    ``build`` (with their positions in ``keys``) and kept for ``timeout`` seconds. For pages
    made of many parts that each change alone (a round's tables): one cache round trip, and
    only the parts changed since are built again."""
    found = cache.get_many(keys)
    missing = [index for index, key in enumerate(keys) if key not in found]
    if missing:
        built = dict(zip((keys[index] for index in missing), build(missing), strict=True))
        cache.set_many(built, timeout)
        found.update(built)
    return [found[key] for key in keys]
