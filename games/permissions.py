"""Who may write what at a table. Services call these; templates only hide buttons.

* score (record a deal or misdeal, undo, call the referee, enter a paper sheet): the table's
  line judge, the tournament's referees (head referee, listed line judges), its directors,
  an administrator;
* referee (rulings, corrections, waiving a misdeal letter, late misdeals, acknowledging a
  referee call) and read the audit trail: the same without the table's own line judge, unless
  they are a tournament referee;
* appeal: a party (a player seated at that table, or the tournament's director);
* decide an appeal: a commission member who is not a party to it (not seated at the table,
  not a director of the tournament, not the referee who ruled, not the one who filed it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from scwu.compiled_sql import CompiledQuery
from scwu.request_memo import remembered
from scwu.roles import AnyUser, Role, has_role
from scwu.security.second_factor import official_rights_held
from tournaments.models import Round, Table, TableSeat, Tournament
from tournaments.permissions import tournament_posts
from tournaments.visibility import may_see_results


def _is_director(user: Any, tournament: Tournament) -> bool:
    """A director of the tournament, with the second factor a director's rights need."""
    return official_rights_held(user) and tournament_posts(user, tournament).directs


#: Asked on every table page and dashboard a signed-in user opens: its SQL is built once.
_SEATED = CompiledQuery(
    lambda user_id, round_id: TableSeat.objects.filter(
        table__round_id=round_id, entry__player__user_id=user_id
    ).values_list("table_id"),
    int,
    int,
)


def _seated_tables(user: Any, round_id: int) -> frozenset[int]:
    """The tables of the round where ``user``'s player sits: one query per round and request,
    however many of its tables a page asks about."""
    return remembered(
        ("seated_tables", user.pk, round_id),
        lambda: frozenset(table_id for (table_id,) in _SEATED.rows(user.pk, round_id)),
    )


def _is_head_referee(user: Any, tournament: Any) -> bool:
    return tournament.head_referee_id == user.pk and official_rights_held(user)


def can_referee(user: AnyUser | None, table: Table) -> bool:
    return can_referee_in(user, table.round.tournament)


def can_referee_in(user: AnyUser | None, tournament: Tournament) -> bool:
    """Whether ``user`` referees every table of ``tournament``: the referee's right depends on
    the tournament only (a page of many tables asks once)."""
    if user is None or not user.is_authenticated:
        return False
    if has_role(user, Role.ADMINISTRATOR):
        return True
    if _is_head_referee(user, tournament):
        return True
    if tournament_posts(user, tournament).judges:
        return True
    return _is_director(user, tournament)


def can_score(user: AnyUser | None, table: Table) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return table.line_judge_id == user.pk or can_referee(user, table)


def may_see_table(user: AnyUser | None, table: Table) -> bool:
    """The table's game state: public once the round's results are (``tournaments.visibility``),
    else for those who may see the held round and those who keep this table's score."""
    return may_see_results(user, table.round) or can_score(user, table)


def is_party(user: AnyUser | None, table: Table) -> bool:
    return party_at(user, table.round)(table.pk)


def party_at(user: AnyUser | None, round: Round) -> Callable[[int], bool]:
    """Whether ``user`` is a party at the table of ``round`` with a given id: everywhere for
    the tournament's director, else where their player sits (a page of many tables asks
    once)."""
    if user is None or not user.is_authenticated:
        return lambda _table_id: False
    if _is_director(user, round.tournament):
        return lambda _table_id: True
    return _seated_tables(user, round.pk).__contains__


def require_score(user: AnyUser | None, table: Table) -> None:
    if not can_score(user, table):
        raise PermissionDenied(
            _("Only this table's line judge, the tournament's referees and directors may score.")
        )


def require_referee(user: AnyUser | None, table: Table) -> None:
    if not can_referee(user, table):
        raise PermissionDenied(_("Only the tournament's referees and directors may do this."))


def require_party(user: AnyUser | None, table: Table) -> None:
    if not is_party(user, table):
        raise PermissionDenied(
            _("Only a player seated at this table or the tournament director may appeal.")
        )


def require_commission(user: AnyUser | None) -> None:
    if not has_role(user, Role.COMMISSION):
        raise PermissionDenied(_("Only a commission member decides appeals."))


def party_refusal(user: AnyUser | None, table: Table, *, filed_by: Any, referee: Any) -> str:
    """Why ``user`` may not decide an appeal at ``table`` as a party to it ("" when neutral):
    a player seated at the table, a director of the tournament, the referee who ruled, or
    whoever filed it. The decision refuses by it and the appeals page asks it before showing
    the decision form."""
    if user is None or not user.is_authenticated:
        return ""
    if is_party(user, table) or user.pk in (filed_by, referee):
        return str(_("A party to this appeal may not decide it: another commission member must."))
    return ""


def require_neutral(user: AnyUser | None, table: Table, *, filed_by: Any, referee: Any) -> None:
    """Nobody decides an appeal they are part of (:func:`party_refusal`)."""
    refused = party_refusal(user, table, filed_by=filed_by, referee=referee)
    if refused:
        raise PermissionDenied(refused)
