"""allauth's forms where the site adds a rule of its own."""

from __future__ import annotations

from allauth.mfa.base.forms import AuthenticateForm
from django import forms

from scwu.security.signin import (
    second_factor_failed,
    second_factor_refusal,
    second_factor_succeeded,
)


class LimitedAuthenticateForm(AuthenticateForm):
    """The sign-in's second step, its wrong codes counted per account (the limit is in
    :mod:`scwu.security.signin`): a refused account's code is not even checked."""

    def clean_code(self) -> str:
        refused = second_factor_refusal(self.user.pk)
        if refused is not None:
            raise forms.ValidationError(refused, code="too_many_codes")
        try:
            code = super().clean_code()
        except forms.ValidationError:
            second_factor_failed(self.user.pk)
            raise
        second_factor_succeeded(self.user.pk)
        return code
