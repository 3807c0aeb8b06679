"""API token keys: random, and stored as their SHA-256 digest (``scwu/api/tokens.py`` signs
a client in with one; ``manage.py api_token`` makes them).

A password check costs about a second of hashing by design, so an API that takes passwords
on every request lets anyone spend the server's CPU with made-up credentials. A key is 256
random bits, so a fast digest is as safe as a slow hash, and refusing a made-up key is one
indexed lookup.
"""

from __future__ import annotations

import hashlib
import secrets

#: Every key starts with this, so a leaked one is easy to recognise (secret scanners).
KEY_PREFIX = "scwu_"


def api_token_key_new() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def api_token_digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def link_token_new() -> str:
    """A one-time link's secret (an invitation): 256 random bits, stored as its digest
    (:func:`api_token_digest`) for the same reason as API keys."""
    return secrets.token_urlsafe(32)
