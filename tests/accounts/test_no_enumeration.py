"""Sign-up, reset and sign-in answer alike whether or not an account exists, and their rate
limits hold (the limits as shipped: scwu/config/settings.py)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.accounts.conftest import PASSWORD, sign_up
from tests.security.signin_helpers import fresh_address

pytestmark = pytest.mark.django_db

CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.fixture
def holder() -> User:
    user = User.objects.create_user("holder", email="holder@example.org", password=PASSWORD)
    user.emailaddress_set.create(email="holder@example.org", verified=True, primary=True)
    return user


def _page(response: object) -> bytes:
    """A page without its CSRF token (a new one each time)."""
    return CSRF.sub(b"", response.content)  # type: ignore[attr-defined]


def test_sign_up_with_a_taken_address_answers_like_a_new_one(holder: User) -> None:
    fresh = Client()
    taken = Client()
    assert sign_up(fresh, "someone", "someone@example.org") == 302
    response_taken = taken.post(
        reverse("account_signup"),
        {
            "username": "someone-else",
            "email": "holder@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    response_fresh = fresh.get(reverse("account_email_verification_sent"))
    assert response_taken.status_code == 302
    assert response_taken["Location"] == reverse("account_email_verification_sent")
    # Each page names the address it was given, and nothing else differs.
    shown_taken = _page(taken.get(response_taken["Location"])).replace(b"holder@", b"X@")
    assert shown_taken == _page(response_fresh).replace(b"someone@", b"X@")
    # The holder learns of it by email; nobody else learns anything.
    assert not User.objects.filter(username="someone-else").exists()
    (notice,) = [m for m in mail.outbox if m.to == ["holder@example.org"]]
    assert "already exists" in str(notice.body)


def test_reset_answers_alike_for_a_known_and_an_unknown_address(holder: User) -> None:
    answers = [
        Client().post(reverse("account_reset_password"), {"email": email})
        for email in ("holder@example.org", "nobody@example.org")
    ]
    assert [a.status_code for a in answers] == [302, 302]
    assert answers[0]["Location"] == answers[1]["Location"]
    done = [Client().get(a["Location"]) for a in answers]
    assert _page(done[0]) == _page(done[1])
    known, unknown = (
        [m for m in mail.outbox if m.to == [to]]
        for to in ("holder@example.org", "nobody@example.org")
    )
    assert "/accounts/password/reset/key/" in str(known[0].body)
    assert "/accounts/password/reset/key/" not in str(unknown[0].body)


def test_sign_in_refuses_a_wrong_password_and_an_unknown_name_alike(holder: User) -> None:
    answers = [
        Client(REMOTE_ADDR=fresh_address()).post(
            reverse("login"), {"login": login, "password": "not-it"}
        )
        for login in ("holder", "nobody-at-all")
    ]
    assert [a.status_code for a in answers] == [200, 200]
    errors = [a.context["form"].non_field_errors() for a in answers]
    assert errors[0] == errors[1] and errors[0]


def _rate(action: str) -> str:
    return str(settings.ACCOUNT_RATE_LIMITS[action])


def test_sign_ups_from_one_address_are_limited() -> None:
    per_minute = int(_rate("signup").split("/")[0])
    address = fresh_address()
    statuses = [
        sign_up(Client(REMOTE_ADDR=address), f"joiner{n}", f"joiner{n}@example.org")
        for n in range(per_minute + 1)
    ]
    assert statuses[:per_minute] == [302] * per_minute
    assert statuses[-1] == 429
    assert sign_up(Client(REMOTE_ADDR=fresh_address()), "elsewhere", "e@example.org") == 302


@pytest.mark.parametrize("email", ["holder@example.org", "nobody@example.org"])
def test_reset_requests_for_one_address_are_limited_known_or_not(holder: User, email: str) -> None:
    per_key = int(_rate("reset_password").split(",")[1].split("/")[0])
    statuses = [
        Client(REMOTE_ADDR=fresh_address())
        .post(reverse("account_reset_password"), {"email": email})
        .status_code
        for _ in range(per_key + 1)
    ]
    assert statuses == [302] * per_key + [429]
