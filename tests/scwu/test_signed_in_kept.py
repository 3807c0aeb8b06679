"""What signed-in pages keep between requests, and that nothing kept outlives the change it
depends on: the compiled queries (scwu.compiled_sql) answer as the ORM does, the user's facts
(scwu.user_facts) are read afresh each request, sessions read through the cache
(scwu.sessions) end with a sign-out or a password change, and the chrome kept per process
(templates/base.html) carries no one else's name, token or rights."""

from __future__ import annotations

import re
from typing import Any

import pytest
from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
from django.contrib.auth.models import Group, User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scwu import sessions
from scwu.cache import TolerantRedisCache
from scwu.compiled_sql import CompiledQuery
from scwu.roles import Role, has_role
from scwu.user_facts import POST_LOOKUPS, user_facts
from tests.factories import CommissionMemberFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def _orm_facts(user: User) -> dict[str, Any]:
    """The facts as plain ORM queries, one question each (what the compiled query replaces)."""
    users = User.objects.filter(pk=user.pk)
    posts = {name: users.filter(**lookup).exists() for name, lookup in POST_LOOKUPS.items()}
    totp = Authenticator.objects.filter(user=user, type=Authenticator.Type.TOTP).exists()
    player = getattr(User.objects.get(pk=user.pk), "player", None)
    return {
        "posts": posts,
        "second_factor": totp,
        "player_id": player.pk if player else None,
        "player_nickname": player.nickname if player else "",
    }


def _facts(user: User) -> dict[str, Any]:
    facts = user_facts(user)
    return {
        "posts": facts.posts,
        "second_factor": facts.second_factor,
        "player_id": facts.player_id,
        "player_nickname": facts.player_nickname,
    }


def test_the_compiled_query_answers_as_the_orm_for_every_argument() -> None:
    users = [UserFactory(username=f"compiled-{n}") for n in range(3)]
    compiled = CompiledQuery(
        lambda pk, name: User.objects.filter(pk=pk, username=name).values_list("pk", "username"),
        int,
        str,
    )
    for user in users:
        assert compiled.rows(user.pk, user.username) == [(user.pk, user.username)]
    assert compiled.rows(users[0].pk, users[1].username) == []


def test_a_compiled_query_must_take_each_argument_as_a_parameter() -> None:
    compiled = CompiledQuery(lambda _pk: User.objects.values_list("pk"), int)
    with pytest.raises(ValueError, match="every argument"):
        compiled.rows(1)


def test_the_users_facts_are_the_orms_and_follow_every_change() -> None:
    user = UserFactory()
    assert _facts(user) == _orm_facts(user)
    user.groups.add(Group.objects.get_or_create(name=Role.DIRECTOR.value)[0])
    CommissionMemberFactory(user=user)
    TOTP.activate(user, generate_totp_secret())
    player = PlayerFactory(user=user)
    changed = _facts(user)  # outside a request nothing is remembered
    assert changed == _orm_facts(user)
    assert changed["posts"]["director"] and changed["posts"]["commission"]
    assert changed["second_factor"] and changed["player_id"] == player.pk
    user.groups.clear()
    Authenticator.objects.filter(user=user).delete()
    player.user = None
    player.save()
    assert _facts(user) == _orm_facts(user)
    assert not _facts(user)["posts"]["director"]


def test_a_role_taken_away_shows_on_the_next_request() -> None:
    director = UserFactory(roles=[Role.DIRECTOR.value])
    client = Client()
    client.force_login(director)
    url = reverse("home")
    assert client.get(url).context["user_roles"][Role.DIRECTOR.value]
    director.groups.clear()
    assert not client.get(url).context["user_roles"][Role.DIRECTOR.value]
    assert not has_role(User.objects.get(pk=director.pk), Role.DIRECTOR)


def _signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_signed_out_sessions_cookie_signs_nobody_in_though_it_was_cached() -> None:
    cache.clear()
    user = UserFactory()
    client = _signed_in(user)
    cookie = client.cookies["sessionid"].value
    assert client.get(reverse("home")).context["user"].is_authenticated  # cached now
    client.post(reverse("logout"))
    thief = Client()
    thief.cookies["sessionid"] = cookie
    assert not thief.get(reverse("home")).context["user"].is_authenticated


def test_a_password_change_ends_the_accounts_other_sessions() -> None:
    cache.clear()
    user = UserFactory()
    other = _signed_in(user)
    assert other.get(reverse("home")).context["user"].is_authenticated  # its session cached
    user.set_password("a-new-and-unusual-passphrase")
    user.save()
    assert not other.get(reverse("home")).context["user"].is_authenticated


def test_a_sessions_cached_copy_is_kept_at_most_the_cap() -> None:
    kept: list[int | None] = []

    class Recording:
        def set(self, key: str, value: Any, timeout: int | None = None) -> None:
            kept.append(timeout)

    capped = sessions._CappedCache(Recording())
    capped.set("k", {}, 14 * 24 * 3600)
    capped.set("k", {}, 10)
    capped.set("k", {}, None)
    assert kept == [sessions.CACHE_SECONDS, 10, sessions.CACHE_SECONDS]


def test_sessions_are_read_through_the_cache(settings: Any) -> None:
    assert settings.SESSION_ENGINE == "scwu.sessions"
    assert issubclass(sessions.SessionStore, sessions.cached_db.SessionStore)


def test_the_kept_chrome_shows_each_viewer_their_own_name_token_and_rights() -> None:
    staff = UserFactory(username="chrome-staff", is_staff=True)
    plain = UserFactory(username="chrome-plain")
    mine = PlayerFactory(user=plain, nickname="Plainnick")
    pages = {}
    for user in (staff, plain, staff):
        client = Client(enforce_csrf_checks=True)
        client.force_login(user)
        html = client.get(reverse("home")).content.decode()
        pages[user.username] = html
        assert f"({user.username})" in html
        assert (f'href="{reverse("admin:index")}"' in html) == user.is_staff
        # The sign-out form's token is this browser's: posting it signs this user out.
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        assert token is not None
        answer = client.post(reverse("logout"), {"csrfmiddlewaretoken": token.group(1)})
        assert answer.status_code == 302
        assert not client.get(reverse("home")).context["user"].is_authenticated
    assert f'title="{mine.nickname}"' in pages["chrome-plain"]
    assert 'id="nav-me"' not in pages["chrome-staff"]
    assert "(chrome-plain)" not in pages["chrome-staff"]


def test_the_kept_chrome_speaks_the_readers_language() -> None:
    client = Client()
    english = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    czech = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert ">Players</a>" in english and ">Players</a>" not in czech
    assert 'lang="cs"' in czech


def test_one_redis_client_serves_each_pool() -> None:
    cache_ = TolerantRedisCache("redis://127.0.0.1:6399/0", {})
    client = cache_._cache
    assert client.get_client("a") is client.get_client("b")
    assert client.get_client("a", write=True) is client.get_client("a")
