"""The sign-in stages allauth runs after the password, as the site needs them."""

from __future__ import annotations

from typing import Any

from allauth.account import stages


class EmailVerificationStage(stages.EmailVerificationStage):
    """A verified address before the first sign-in, for every account that has an address.

    Accounts an administrator made without one (in the admin, before sign-up existed, the
    demo's) have nothing to verify and sign in as before; every account made by sign-up has
    one, so the rule holds for all of them.
    """

    def handle(self) -> tuple[Any, bool]:
        user = self.login.user
        # No user: a sign-up with a taken address, answered as if it were new (allauth's
        # enumeration prevention), which must go on to the same "verify your address" page.
        if user is not None and not user.email and not user.emailaddress_set.exists():
            return None, True
        return super().handle()
