"""What the sign-in limit tests share: a password hasher that counts its work, and addresses
and usernames no other test used (the limits' counters live in the cache, which outlives a
test)."""

from __future__ import annotations

import secrets
import threading
from typing import Any

from django.contrib.auth.hashers import MD5PasswordHasher

COUNTING_HASHER = "tests.security.signin_helpers.CountingHasher"


class CountingHasher(MD5PasswordHasher):
    """The suite's fast hasher, counting every password it hashes or checks (a check hashes
    the guess with the stored salt): in production each is a second of CPU (PBKDF2)."""

    calls = 0
    _lock = threading.Lock()

    @classmethod
    def reset(cls) -> None:
        with cls._lock:
            cls.calls = 0

    @classmethod
    def _count(cls) -> None:
        with cls._lock:
            cls.calls += 1

    # Checking a password encodes it again with the stored salt: one count either way.
    def encode(self, password: str, salt: str, *args: Any, **kwargs: Any) -> str:
        self._count()
        return super().encode(password, salt, *args, **kwargs)


def fresh_address() -> str:
    """An address in 10.0.0.0/8 that no earlier test used (with overwhelming odds)."""
    a, b, c = secrets.token_bytes(3)
    return f"10.{a}.{b}.{max(c, 1)}"


def fresh_username(stem: str = "user") -> str:
    return f"{stem}-{secrets.token_hex(6)}"
