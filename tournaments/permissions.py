"""Who may run a tournament, and who may manage a club's teams in it.

Decision: SCWU administrators may run any tournament; when a tournament has assigned
directors (``Tournament.directors``) only they (and administrators) may run it; a tournament
with nobody assigned may be run by any user with the director role. Services check this;
templates use :func:`can_direct` only to hide buttons.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

from scwu.compiled_sql import CompiledQuery
from scwu.models import Club
from scwu.request_memo import remembered
from scwu.roles import AnyUser, Role, has_role
from scwu.security.second_factor import official_rights_held
from tournaments.models import Tournament


class TournamentPosts(NamedTuple):
    """A user's posts at one tournament, as its rows say (whether their rights are usable now
    is the permission helpers' question)."""

    #: The tournament has assigned directors (else any director may run it).
    has_directors: bool
    #: The user is one of them.
    directs: bool
    #: The user is one of its listed line judges.
    judges: bool


def _posts_query(user_id: int, tournament_id: int) -> QuerySet[Tournament, tuple[Any, ...]]:
    directors: Any = Tournament.directors.through.objects.filter(tournament_id=OuterRef("pk"))
    judges: Any = Tournament.line_judges.through.objects.filter(tournament_id=OuterRef("pk"))
    return (
        Tournament.objects.filter(pk=tournament_id)
        .annotate(
            any_director=Exists(directors),
            directs=Exists(directors.filter(user_id=user_id)),
            judges=Exists(judges.filter(user_id=user_id)),
        )
        .values_list("any_director", "directs", "judges")
    )


#: Asked on every page of a tournament a signed-in user opens: its SQL is built once.
_POSTS = CompiledQuery(_posts_query, int, int)


def _posts_load(user_id: int, tournament_id: int) -> TournamentPosts:
    rows = _POSTS.rows(user_id, tournament_id)
    if not rows:
        return TournamentPosts(False, False, False)
    return TournamentPosts(*(bool(value) for value in rows[0]))


def tournament_posts(user: Any, tournament: Tournament) -> TournamentPosts:
    """``user``'s posts at ``tournament``: one query, read once per request
    (:func:`scwu.request_memo.remembered`) however many of its tables a page asks about."""
    return remembered(
        ("tournament_posts", user.pk, tournament.pk),
        lambda: _posts_load(user.pk, tournament.pk),
    )


def can_direct(user: AnyUser | None, tournament: Tournament | None = None) -> bool:
    """Directing is an official's right: none without two-factor sign-in."""
    if user is None or not user.is_authenticated or not official_rights_held(user):
        return False
    if has_role(user, Role.ADMINISTRATOR):
        return True
    if tournament is None or tournament.pk is None:
        return has_role(user, Role.DIRECTOR)
    posts = tournament_posts(user, tournament)
    if not has_role(user, Role.DIRECTOR):
        return posts.directs
    return posts.directs or not posts.has_directors


def require_director(user: AnyUser | None, tournament: Tournament | None = None) -> None:
    """Raise ``PermissionDenied`` unless ``user`` may run ``tournament`` (or create one)."""
    if not can_direct(user, tournament):
        raise PermissionDenied(_("Only the tournament's directors may do this."))


def is_club_captain(user: AnyUser | None, club: Club) -> bool:
    """Whether ``user`` is ``club``'s captain (the user linked to the club's captain)."""
    if not has_role(user, Role.CAPTAIN):
        return False
    player = getattr(user, "player", None)
    return player is not None and club.captain_id == player.pk


def can_manage_team(user: AnyUser | None, tournament: Tournament, club: Club) -> bool:
    """A club's teams in a tournament are entered and changed by the tournament's directors
    or the club's captain (when is the lifecycle's rule, ``tournaments.lifecycle.teams``)."""
    return can_direct(user, tournament) or is_club_captain(user, club)


def require_team_manager(user: AnyUser | None, tournament: Tournament, club: Club) -> None:
    """Raise ``PermissionDenied`` unless ``user`` may manage ``club``'s teams in ``tournament``."""
    if not can_manage_team(user, tournament, club):
        raise PermissionDenied(
            _("Only the tournament's directors or the club's captain may manage its teams.")
        )
