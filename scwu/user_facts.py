"""What the data says of a signed-in user, in one query read once per request: the groups
and posts behind their roles, whether they sign in with a second factor, their player.

Every page a signed-in user opens asks these (the navigation, the roles' checks, the rule of
``scwu/security/second_factor.py``); they were four queries, one of them with nine ``Exists``
built through the ORM on every request. Now the SQL is compiled once per process
(:mod:`scwu.compiled_sql`) and answered afresh each request, so a change of roles, of the
second factor or of the player shows from the next request on, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from allauth.mfa.models import Authenticator
from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef, QuerySet

from scwu.compiled_sql import CompiledQuery
from scwu.request_memo import remembered

#: Each post the data gives, and the lookup from the user that says so (the groups are the
#: roles of ``scwu.roles.GROUP_ROLES``).
POST_LOOKUPS: dict[str, dict[str, Any]] = {
    **{name: {"groups__name": name} for name in ("administrator", "director", "referee")},
    "commission": {"commission_membership__active": True},
    "player": {"player__isnull": False},
    "captain": {"player__captained_clubs__isnull": False},
    "directs": {"directed_tournaments__isnull": False},
    "head_referee": {"head_refereed_tournaments__isnull": False},
}


@dataclass(frozen=True)
class UserFacts:
    #: Role and post name (a group's name, "commission", "player", "captain", "directs",
    #: "head_referee") to whether the data gives it to the user.
    posts: dict[str, bool]
    #: The account signs in with an authenticator app's codes.
    second_factor: bool
    #: The user's player (None without one) and nickname.
    player_id: int | None
    player_nickname: str


def _facts_query(user_id: int) -> QuerySet[Any, Any]:
    users = get_user_model().objects

    posts = {
        name: Exists(users.filter(pk=OuterRef("pk"), **lookup))
        for name, lookup in POST_LOOKUPS.items()
    }
    totp = Authenticator.objects.filter(user=OuterRef("pk"), type=Authenticator.Type.TOTP)
    # Named apart from the user's fields and relations (``player``), which an annotation
    # may not shadow.
    named = {f"fact_{name}": fact for name, fact in posts.items()}
    return (
        users.filter(pk=user_id)
        .annotate(**named, fact_second_factor=Exists(totp))
        .values_list(*named, "fact_second_factor", "player__id", "player__nickname")
    )


_FACTS = CompiledQuery(_facts_query, int)


def _facts_load(user_id: int) -> UserFacts:
    rows = _FACTS.rows(user_id)
    if not rows:
        return UserFacts(dict.fromkeys(POST_LOOKUPS, False), False, None, "")
    *posts, second_factor, player_id, nickname = rows[0]
    return UserFacts(
        dict(zip(POST_LOOKUPS, (bool(p) for p in posts), strict=True)),
        bool(second_factor),
        player_id,
        nickname or "",
    )


def user_facts(user: Any) -> UserFacts:
    """The facts of the signed-in ``user``: one query, read once per request."""
    return remembered(("user_facts", user.pk), lambda: _facts_load(user.pk))
