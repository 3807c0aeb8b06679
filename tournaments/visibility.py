"""The one visibility rule for rounds, applied by every selector, API, page and export.

* A round's **draw** (tables, seats, seed, inputs, report) is public once the round is
  published; before that (planned, drawing, draft) only those who may run the tournament
  see it.
* A round's **results** (deals, letters, losers, rulings, table states) are public once the
  draw is public and the round is released; a held (silent) round is seen only by the
  tournament's directors, administrators and its head referee, and at the table by those
  who keep its score (:func:`games.permissions.may_see_table`).
"""

from __future__ import annotations

from django.db.models import Q

from scwu.roles import AnyUser
from scwu.security.second_factor import official_rights_held
from tournaments.models import Round, RoundStatus, Tournament
from tournaments.permissions import can_direct

PUBLIC_DRAW = (RoundStatus.PUBLISHED, RoundStatus.FINISHED)
DRAW_FIELDS = ("draw_seed", "draw_inputs", "draw_report", "draw_error", "draw_task_id")


def draw_is_public(round_: Round) -> bool:
    return round_.status in PUBLIC_DRAW


def results_are_public(round_: Round) -> bool:
    return draw_is_public(round_) and bool(round_.released)


def public_draw_q(prefix: str = "") -> Q:
    """Rows (through ``prefix``, e.g. ``"table__round__"``) of rounds with a public draw."""
    return Q(**{f"{prefix}status__in": PUBLIC_DRAW})


def public_results_q(prefix: str = "") -> Q:
    return public_draw_q(prefix) & Q(**{f"{prefix}released": True})


def may_see_draw(user: AnyUser | None, round_: Round) -> bool:
    return draw_is_public(round_) or can_direct(user, round_.tournament)


def may_see_results(user: AnyUser | None, round_: Round) -> bool:
    return results_are_public(round_) or results_viewer_may_see_unreleased(user, round_.tournament)


def results_viewer_may_see_unreleased(user: AnyUser | None, tournament: Tournament) -> bool:
    """Directors and administrators of the tournament, and its head referee."""
    if user is None or not user.is_authenticated:
        return False
    if tournament.head_referee_id is not None and tournament.head_referee_id == user.pk:
        return official_rights_held(user)
    return can_direct(user, tournament)
