"""Joining: sign-up with a verified address, then sign-in by username or by email."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.accounts.conftest import PASSWORD, link_in_last_email, sign_up

pytestmark = pytest.mark.django_db


def _signed_in_as(client: Client) -> str | None:
    user = User.objects.filter(pk=client.session.get("_auth_user_id")).first()
    return user.username if user else None


def test_signup_verify_then_sign_in_by_email_and_by_username() -> None:
    browser = Client()
    assert sign_up(browser, "newcomer", "newcomer@example.org") == 302
    assert _signed_in_as(browser) is None, "no sign-in before the address is verified"
    (message,) = mail.outbox
    assert message.to == ["newcomer@example.org"]

    too_early = Client()
    unverified = too_early.post(reverse("login"), {"login": "newcomer", "password": PASSWORD})
    assert unverified["Location"] == reverse("account_email_verification_sent")
    assert _signed_in_as(too_early) is None

    confirm = link_in_last_email("newcomer@example.org")
    assert Client().get(confirm).status_code == 200
    assert Client().post(confirm).status_code == 302
    assert EmailAddress.objects.get(email="newcomer@example.org").verified

    by_email = Client()
    response = by_email.post(
        reverse("login"), {"login": "newcomer@example.org", "password": PASSWORD}
    )
    assert response.status_code == 302 and _signed_in_as(by_email) == "newcomer"
    by_username = Client()
    by_username.post(reverse("login"), {"login": "newcomer", "password": PASSWORD})
    assert _signed_in_as(by_username) == "newcomer"


def test_an_account_made_without_an_address_signs_in_as_before() -> None:
    User.objects.create_user("old-hand", password=PASSWORD)
    browser = Client()
    response = browser.post(reverse("login"), {"login": "old-hand", "password": PASSWORD})
    assert response.status_code == 302 and _signed_in_as(browser) == "old-hand"


def test_the_header_links_to_sign_in_join_and_the_account() -> None:
    public = Client().get(reverse("home")).content.decode()
    assert f'href="{reverse("login")}"' in public
    assert f'href="{reverse("account_signup")}"' in public
    member = Client()
    member.force_login(User.objects.create_user("member", password=PASSWORD))
    page = member.get(reverse("home")).content.decode()
    assert f'href="{reverse("account_email")}"' in page


@pytest.mark.parametrize("language", ["cs", "ru"])
def test_the_sign_up_page_speaks_czech_and_russian(language: str) -> None:
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("account_signup"))
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("account_signup"))
    assert page.status_code == 200
    assert page.content != english.content
    assert f'lang="{language}"' in page.content.decode()


ACCOUNT_STRINGS = [
    "Account",
    "Your account",
    "Email address",
    "Password",
    "Two-factor sign-in",
    "Set up two-factor sign-in",
    "Your rights as an official (administrator, director, head referee or commission member) "
    "are off until you set up two-factor sign-in.",
]


@pytest.mark.parametrize("language", ["cs", "ru"])
def test_the_accounts_own_words_have_czech_and_russian(language: str) -> None:
    with translation.override(language):
        missing = [text for text in ACCOUNT_STRINGS if translation.gettext(text) == text]
        join, sit_down = translation.pgettext("account", "Join"), translation.gettext("Join")
    assert missing == []
    assert join not in ("Join", sit_down), "joining the site is not joining a table"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>")


@pytest.mark.parametrize(
    "name",
    [
        "login",
        "account_signup",
        "account_reset_password",
        "account_email",
        "account_change_password",
        "mfa_index",
    ],
)
def test_the_account_pages_carry_no_inline_script_or_style(name: str) -> None:
    """The site's CSP allows neither: the pages would break in a browser."""
    browser = Client()
    if name not in ("login", "account_signup", "account_reset_password"):
        browser.force_login(User.objects.create_user("member", password=PASSWORD))
    page = browser.get(reverse(name))
    html = page.content.decode()
    assert page.status_code == 200
    assert " style=" not in html
    assert INLINE_SCRIPT.findall(html) == []
