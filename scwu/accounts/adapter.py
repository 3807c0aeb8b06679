"""The site's allauth adapter."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.contrib.sites.shortcuts import get_current_site
from django.http import HttpRequest

from scwu.mail.outbox import queue_message
from scwu.security.proxy import client_address

ALLAUTH_EMAIL_STAGE = "allauth.account.stages.EmailVerificationStage"
SITE_EMAIL_STAGE = "scwu.accounts.stages.EmailVerificationStage"


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """Rendered here (the request's language and links), sent by the worker: a slow mail
        server never holds the sign-up or reset page (scwu.mail.outbox)."""
        request = allauth_context.request
        message = self.render_mail(
            template_prefix,
            email,
            {
                "request": request,
                "email": email,
                "current_site": get_current_site(request),
                **context,
            },
        )
        queue_message(message)

    def get_client_ip(self, request: HttpRequest) -> str:
        """The address the sign-in limits and the API rates use (a proxy's only when trusted)."""
        return client_address(request)

    def get_login_stages(self) -> list[str]:
        return [
            SITE_EMAIL_STAGE if s == ALLAUTH_EMAIL_STAGE else s for s in super().get_login_stages()
        ]
