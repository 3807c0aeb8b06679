"""What counts as a strong secret key (the same test as Django's ``check --deploy``)."""

from __future__ import annotations

MIN_LENGTH = 50
MIN_UNIQUE = 5


def secret_key_is_strong(key: str) -> bool:
    return (
        len(key) >= MIN_LENGTH
        and len(set(key)) >= MIN_UNIQUE
        and not key.startswith("django-insecure-")
    )
