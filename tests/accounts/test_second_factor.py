"""Two-factor sign-in: officials use their rights only with an authenticator app; everyone
else may set one up. The rule runs here as shipped (the suite's settings turn it off for the
tests of other features: scwu/config/settings_test.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
from allauth.mfa.totp.internal.auth import (
    TOTP,
    format_hotp_value,
    generate_totp_secret,
    hotp_value,
    yield_hotp_counters_from_time,
)
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.permissions import can_referee, require_commission
from scwu.config import settings as shipped_settings
from scwu.roles import Role, has_role, second_factor_missing
from scwu.services.api_tokens import api_token_create
from tests.accounts.conftest import PASSWORD
from tests.factories import CommissionMemberFactory, SeasonFactory, SeriesFactory, UserFactory
from tests.games.conftest import make_setup
from tournaments.permissions import can_direct

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def rule_as_shipped(settings: Any) -> Iterator[None]:
    settings.SCWU_OFFICIALS_NEED_SECOND_FACTOR = shipped_settings.SCWU_OFFICIALS_NEED_SECOND_FACTOR
    yield


def code_now(secret: str) -> str:
    return format_hotp_value(hotp_value(secret, next(yield_hotp_counters_from_time())))


def with_totp(user: User) -> tuple[str, list[str]]:
    """Give ``user`` an authenticator app and recovery codes: (secret, codes)."""
    secret = generate_totp_secret()
    TOTP.activate(user, secret)
    codes = RecoveryCodes.activate(user).generate_codes()
    return secret, codes


def fresh(user: User) -> User:
    """The user as the next request loads it (the answer is kept per request)."""
    return User.objects.get(pk=user.pk)


def test_the_rule_is_on_as_shipped() -> None:
    assert shipped_settings.SCWU_OFFICIALS_NEED_SECOND_FACTOR is True


def test_a_director_without_totp_is_sent_to_set_it_up_then_directs() -> None:
    director = UserFactory(username="dana", roles=["director"])
    browser = Client()
    browser.force_login(director)

    refused = browser.get(reverse("tournament-create"))
    assert refused.status_code == 302
    assert refused["Location"].startswith(reverse("mfa_activate_totp"))
    assert not can_direct(fresh(director))
    home = browser.get(reverse("home")).content.decode()
    assert "are off until you set up two-factor sign-in" in home

    page = browser.get(reverse("mfa_activate_totp"))
    if page.status_code == 302:  # allauth asks for the password again first
        browser.post(page["Location"], {"password": "pw"})
        page = browser.get(reverse("mfa_activate_totp"))
    assert page.status_code == 200
    secret = page.context["form"].secret
    wrong = browser.post(reverse("mfa_activate_totp"), {"code": "000000"})
    assert wrong.status_code == 200 and not Authenticator.objects.filter(user=director).exists()
    assert browser.post(reverse("mfa_activate_totp"), {"code": code_now(secret)}).status_code == 302

    assert can_direct(fresh(director))
    assert browser.get(reverse("tournament-create")).status_code == 200
    assert "are off until" not in browser.get(reverse("home")).content.decode()


def test_officials_rights_wait_for_the_second_factor_and_others_keep_theirs() -> None:
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    commission = CommissionMemberFactory().user
    plain = UserFactory(username="plain")
    for official in (admin, commission):
        assert second_factor_missing(official)
    assert not has_role(admin, Role.ADMINISTRATOR)
    with pytest.raises(PermissionDenied):
        require_commission(commission)
    assert not second_factor_missing(plain)

    for official in (admin, commission):
        with_totp(official)
    assert has_role(fresh(admin), Role.ADMINISTRATOR)
    require_commission(fresh(commission))


def test_the_admin_site_sends_staff_without_totp_to_set_it_up() -> None:
    browser = Client()
    browser.force_login(UserFactory(username="staffer", is_staff=True, is_superuser=True))
    answer = browser.get(reverse("admin:index"))
    assert answer.status_code == 302
    assert answer["Location"].startswith(reverse("mfa_activate_totp"))


def test_head_referee_rules_only_with_totp_and_a_line_judge_needs_none() -> None:
    setup = make_setup()
    table, head, judge = setup.table, setup.head_referee, UserFactory(username="judge")
    table.round.tournament.line_judges.add(judge)
    assert not can_referee(head, table)
    assert can_referee(judge, table), "a line judge is no official: no second factor needed"
    with_totp(head)
    assert can_referee(fresh(head), table)


def test_an_officials_api_token_has_the_rights_only_with_totp() -> None:
    director = UserFactory(username="api-dir", roles=["director"])
    _, key = api_token_create(user=director, name="scorer")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    SeasonFactory(year=2026)
    SeriesFactory(slug="classic")
    body = {
        "name": "Token Open",
        "season": 2026,
        "series": "classic",
        "start_date": "2026-04-04",
        "end_date": "2026-04-04",
    }
    refused = api.post("/api/tournaments/create/", body, format="json")
    assert refused.status_code == 403
    assert "two-factor sign-in" in refused.json()["detail"]
    with_totp(director)
    assert api.post("/api/tournaments/create/", body, format="json").status_code == 201


def _signed_in_as(client: Client) -> str | None:
    user = User.objects.filter(pk=client.session.get("_auth_user_id")).first()
    return user.username if user else None


def _password_step(client: Client, username: str) -> str:
    answer = client.post(reverse("login"), {"login": username, "password": PASSWORD})
    assert answer.status_code == 302
    return str(answer["Location"])


def test_sign_in_asks_for_the_code_refuses_a_wrong_one_and_takes_the_right_one() -> None:
    user = User.objects.create_user("keen", password=PASSWORD)
    secret, _ = with_totp(user)
    browser = Client()
    assert _password_step(browser, "keen") == reverse("mfa_authenticate")
    assert _signed_in_as(browser) is None
    wrong = browser.post(reverse("mfa_authenticate"), {"code": "123456"})
    assert wrong.status_code == 200 and _signed_in_as(browser) is None
    right = browser.post(reverse("mfa_authenticate"), {"code": code_now(secret)})
    assert right.status_code == 302 and _signed_in_as(browser) == "keen"


def test_after_ten_wrong_codes_even_the_right_one_waits_for_the_window(
    settings: Any,
) -> None:
    assert settings.SCWU_SECOND_FACTOR_FAILURE_LIMIT == 10  # as shipped
    user = User.objects.create_user("guessed", password=PASSWORD)
    secret, _ = with_totp(user)
    browser = Client()
    _password_step(browser, "guessed")
    for guess in range(10):
        browser.post(reverse("mfa_authenticate"), {"code": f"{guess:06d}"})
    refused = browser.post(reverse("mfa_authenticate"), {"code": code_now(secret)})
    assert refused.status_code == 200 and _signed_in_as(browser) is None
    assert "Too many wrong codes" in refused.content.decode()
    cache.clear()  # the window has passed
    taken = browser.post(reverse("mfa_authenticate"), {"code": code_now(secret)})
    assert taken.status_code == 302 and _signed_in_as(browser) == "guessed"


def test_a_recovery_code_signs_in_once() -> None:
    user = User.objects.create_user("forgetful", password=PASSWORD)
    _, codes = with_totp(user)
    first = Client()
    _password_step(first, "forgetful")
    first.post(reverse("mfa_authenticate"), {"code": codes[0]})
    assert _signed_in_as(first) == "forgetful"
    cache.clear()
    again = Client()
    _password_step(again, "forgetful")
    refused = again.post(reverse("mfa_authenticate"), {"code": codes[0]})
    assert refused.status_code == 200 and _signed_in_as(again) is None
    again.post(reverse("mfa_authenticate"), {"code": codes[1]})
    assert _signed_in_as(again) == "forgetful"


def test_the_setup_page_carries_no_inline_script_or_style() -> None:
    browser = Client()
    browser.force_login(User.objects.create_user("careful", password=PASSWORD))
    page = browser.get(reverse("mfa_activate_totp"))
    if page.status_code == 302:
        browser.post(page["Location"], {"password": PASSWORD})
        page = browser.get(reverse("mfa_activate_totp"))
    html = page.content.decode()
    assert page.status_code == 200
    assert " style=" not in html
    inline = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", html)
    assert inline == []
