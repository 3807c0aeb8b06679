"""API clients sign in with ``Authorization: Token <key>`` (or ``Bearer <key>``): one indexed
lookup of the key's digest (``scwu/security/tokens.py``), no password hashing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from scwu.models import ApiToken
from scwu.security.tokens import api_token_digest

KEYWORDS = (b"token", b"bearer")
#: last_used is written at most this often, so a busy client does not write on every call.
LAST_USED_EVERY = timedelta(minutes=5)


class ApiTokenAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[AbstractBaseUser, ApiToken] | None:
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() not in KEYWORDS:
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Invalid token header."))
        try:
            key = parts[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        token = ApiToken.objects.select_related("user").filter(digest=api_token_digest(key)).first()
        now = timezone.now()
        if token is None or (token.expires is not None and token.expires <= now):
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        if token.last_used is None or now - token.last_used > LAST_USED_EVERY:
            ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return "Token"


class ApiTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The ``tokenAuth`` scheme in the OpenAPI schema."""

    target_class = "scwu.api.tokens.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": _("An API key: `Token <key>` (made by `manage.py api_token`)."),
        }
