"""The sign-in stages allauth runs after the password, as the site needs them."""

from __future__ import annotations

from typing import Any

from allauth.account import stages
from allauth.account.models import EmailAddress


class EmailVerificationStage(stages.EmailVerificationStage):
    """A verified address before the first sign-in, for every account that has an address.

    Accounts an administrator made without one (in the admin, before sign-up existed, the
    demo's) have nothing to verify and sign in as before; every account made by sign-up has
    one, so the rule holds for all of them.
    """

    def handle(self) -> tuple[Any, bool]:
        user = self.login.user
        if not user.email and not EmailAddress.objects.filter(user=user).exists():
            return None, True
        return super().handle()
