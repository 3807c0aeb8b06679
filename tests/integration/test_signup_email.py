"""Joining with real services: the sign-up's verification email leaves through the Celery
worker and a real SMTP server, and its link verifies the address."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.integration.mailbox import Mailbox

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

PASSWORD = "a-long-and-unusual-passphrase"


def test_signup_verification_email_arrives_by_smtp_and_its_link_verifies(
    mailbox: Mailbox | None,
) -> None:
    assert mailbox is not None, "EMAIL_URL names no SMTP server (.ci/run sets it)"
    browser = Client()
    answer = browser.post(
        reverse("account_signup"),
        {
            "username": "smtp-joiner",
            "email": "smtp-joiner@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert answer.status_code == 302

    message = mailbox.wait_for("smtp-joiner@example.org")
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    link = re.search(r"https?://testserver(/accounts/confirm-email/[^\s]+)", body.get_content())
    assert link, body.get_content()

    assert browser.post(link.group(1)).status_code == 302
    assert EmailAddress.objects.get(email="smtp-joiner@example.org").verified
    signed_in = browser.post(reverse("login"), {"login": "smtp-joiner", "password": PASSWORD})
    assert signed_in.status_code == 302
    assert browser.session["_auth_user_id"] == str(User.objects.get(username="smtp-joiner").pk)
