"""API tokens for the federation's API clients (``manage.py api_token``)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from scwu.models import ApiToken
from scwu.security.tokens import api_token_digest, api_token_key_new


@transaction.atomic
def api_token_create(*, user: User, name: str, days: int | None = None) -> tuple[ApiToken, str]:
    """A new token and its key; the key is shown this once and never stored."""
    key = api_token_key_new()
    token = ApiToken(
        user=user,
        name=name,
        digest=api_token_digest(key),
        prefix=key[:12],
        expires=timezone.now() + timedelta(days=days) if days else None,
    )
    token.full_clean()
    token.save()
    return token, key


def api_token_revoke(*, user: User, prefix: str) -> int:
    """Delete the user's token with this prefix (as ``api_token list`` shows it); 0 or 1."""
    deleted, _ = ApiToken.objects.filter(user=user, prefix=prefix).delete()
    return deleted
