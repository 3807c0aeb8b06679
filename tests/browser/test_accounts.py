"""Joining and two-factor sign-in in a real browser, under the site's content security policy:
sign-up, the verification link, sign-in by email; a director asked to set up an authenticator
app before directing, codes computed here, a wrong code refused, a recovery code good once."""

from __future__ import annotations

import re
from typing import Any

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.totp.internal.auth import (
    format_hotp_value,
    hotp_value,
    yield_hotp_counters_from_time,
)
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache

from scwu.config import settings as shipped_settings
from tests.browser.conftest import LISTEN_VIOLATIONS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-and-unusual-passphrase"
SUBMIT = "form.form button[type=submit]:not([form])"


def _strict(page: Any) -> Any:
    page.add_init_script(f"({LISTEN_VIOLATIONS})()")
    return page


def _no_violations(page: Any) -> None:
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => window.__violations") == [], page.url


def _sign_in(page: Any, base: str, login: str, next_url: str = "/") -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("input[name=login]", login)
    page.fill("input[name=password]", PASSWORD)
    page.click(SUBMIT)


def _sign_out(page: Any) -> None:
    page.click("label.nav-toggle-label")
    page.click("form[data-sign-out] button")
    page.wait_for_selector("a[href='/accounts/login/']", state="attached")


def test_join_verify_and_sign_in_under_the_csp(live_server: Any, page: Any) -> None:
    cache.clear()
    base = live_server.url
    page = _strict(page)
    page.goto(f"{base}/")
    page.click("label.nav-toggle-label")
    page.click("a[href='/accounts/signup/']")
    _no_violations(page)
    page.fill("input[name=username]", "bara")
    page.fill("input[name=email]", "bara@example.org")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click(SUBMIT)
    page.wait_for_url("**/accounts/confirm-email/")
    _no_violations(page)

    (message,) = mail.outbox
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+)", str(message.body))
    assert link, message.body
    page.goto(f"{base}{link.group(1)}")
    _no_violations(page)
    page.click(SUBMIT)
    page.wait_for_url("**/accounts/login/")

    page.fill("input[name=login]", "bara@example.org")
    page.fill("input[name=password]", PASSWORD)
    page.click(SUBMIT)
    page.wait_for_url(f"{base}/")
    _no_violations(page)
    assert "bara" in page.inner_text("form[data-sign-out]")


def _code(secret: str) -> str:
    return format_hotp_value(hotp_value(secret, next(yield_hotp_counters_from_time())))


def test_a_director_sets_up_totp_before_directing_and_signs_in_with_codes(
    live_server: Any, page: Any, settings: Any
) -> None:
    settings.SCWU_OFFICIALS_NEED_SECOND_FACTOR = shipped_settings.SCWU_OFFICIALS_NEED_SECOND_FACTOR
    cache.clear()
    base = live_server.url
    director = UserFactory(username="dana", password=PASSWORD, roles=["director"])
    page = _strict(page)

    _sign_in(page, base, "dana", "/tournaments/new/")
    # Directing needs the second factor; setting it up asks for the password once more.
    page.wait_for_url(re.compile(r".*/accounts/reauthenticate/\?next=.*totp.*"))
    assert "need two-factor sign-in" in page.inner_text(".messages")
    _no_violations(page)
    page.fill("input[name=password]", PASSWORD)
    page.click(SUBMIT)
    page.wait_for_url(re.compile(r".*/accounts/2fa/totp/activate/\?next=.*"))
    _no_violations(page)
    secret = page.input_value("#authenticator_secret")
    page.fill("input[name=code]", "000000" if _code(secret) != "000000" else "111111")
    page.click(SUBMIT)
    assert not Authenticator.objects.filter(user=director).exists()
    page.fill("input[name=code]", _code(secret))
    page.click(SUBMIT)
    page.wait_for_url(re.compile(r".*/accounts/2fa/recovery-codes/.*"))
    _no_violations(page)
    page.goto(f"{base}/tournaments/new/")
    page.wait_for_selector("form.form input[name=name]")
    codes = RecoveryCodes(
        Authenticator.objects.get(user=director, type=Authenticator.Type.RECOVERY_CODES)
    ).get_unused_codes()

    # Signing in again: the password, then the app's code; a wrong one is refused.
    _sign_out(page)
    cache.clear()  # the activation's code is spent for its 30 seconds
    _sign_in(page, base, "dana", "/tournaments/new/")
    page.wait_for_url("**/accounts/2fa/authenticate/")
    _no_violations(page)
    page.fill("input[name=code]", "000000" if _code(secret) != "000000" else "111111")
    page.click(SUBMIT)
    page.wait_for_selector(".errorlist")
    page.fill("input[name=code]", _code(secret))
    page.click(SUBMIT)
    page.wait_for_selector("form[data-sign-out]", state="attached")
    page.goto(f"{base}/tournaments/new/")
    page.wait_for_selector("form.form input[name=name]")

    # A recovery code instead of the app's code: good once.
    _sign_out(page)
    _sign_in(page, base, "dana")
    page.fill("input[name=code]", codes[0])
    page.click(SUBMIT)
    page.wait_for_selector("form[data-sign-out]", state="attached")
    assert "dana" in page.inner_text("form[data-sign-out]")
    _sign_out(page)
    _sign_in(page, base, "dana")
    page.fill("input[name=code]", codes[0])
    page.click(SUBMIT)
    page.wait_for_selector(".errorlist")
    assert User.objects.get(username="dana").pk == director.pk
    _no_violations(page)
