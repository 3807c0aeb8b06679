"""The life of a tournament: draft -> registration -> running -> finished, and back.

Registration may be closed again (back to draft); a finished tournament is reopened by a
director (running again, logged). Finishing freezes the results, the entries and the rounds
until then, so it asks a confirmation (:func:`finish_consequence`).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.lifecycle.base import Action, Context, Refusal, Rule, explains, rule
from tournaments.models import RoundStatus, Tournament, TournamentStatus
from tournaments.permissions import can_direct

S = TournamentStatus

#: Each move of the status: the action, from which status, to which.
STATUS_MOVES: dict[Action, tuple[str, str]] = {
    Action.OPEN_REGISTRATION: (S.DRAFT, S.REGISTRATION),
    Action.CLOSE_REGISTRATION: (S.REGISTRATION, S.DRAFT),
    Action.START: (S.REGISTRATION, S.RUNNING),
    Action.FINISH: (S.RUNNING, S.FINISHED),
    # A director's correction after the end; logged (``tournament_reopen_audit``).
    Action.REOPEN: (S.FINISHED, S.RUNNING),
}

#: What may happen to a tournament and to one of its rounds (what the API lists for each).
TOURNAMENT_ACTIONS = (
    *STATUS_MOVES,
    Action.EDIT_FORMAT,
    Action.REGISTER,
    Action.CREATE_ROUND,
    Action.CREATE_PLAYOFF,
)
ROUND_ACTIONS = (
    Action.DRAW,
    Action.DRAW_MANUAL,
    Action.PUBLISH,
    Action.FINISH_ROUND,
    Action.REOPEN_ROUND,
    Action.DELETE_ROUND,
    Action.RESET_DRAW,
)

#: What only a tournament's directors do (registering and withdrawing oneself aside).
DIRECTORS_ONLY = (
    *(action for action in TOURNAMENT_ACTIONS if action != Action.REGISTER),
    Action.CHECK_IN,
    Action.SUBSTITUTE,
    *ROUND_ACTIONS,
    Action.DRAW_NIGHT,
)


def tournament_of(subject: object) -> Tournament:
    """The tournament of a rule's subject: a tournament, or a round or entry of one."""
    if isinstance(subject, Tournament):
        return subject
    return subject.tournament  # type: ignore[attr-defined,no-any-return]


def status_action(now: str, target: str) -> Action | None:
    """The action that moves a tournament from ``now`` to ``target`` (``None``: no such move)."""
    for action, (before, after) in STATUS_MOVES.items():
        if (before, after) == (now, target):
            return action
    return None


def finished_refusal(tournament: Tournament, field: str = "tournament") -> Refusal | None:
    """A finished tournament is read-only (results, entries, rounds) until it is reopened."""
    if tournament.status == S.FINISHED:
        return Refusal(
            "tournament_finished",
            _("The tournament is finished: nothing of it can change until a director reopens it."),
            field,
        )
    return None


@rule(*DIRECTORS_ONLY)
def directors_only(subject: object, context: Context) -> Refusal | None:
    # Asked only for a person (pages and the API's list of actions); the services check the
    # permission first and answer 403.
    if context.by is not None and not can_direct(context.by, tournament_of(subject)):
        return Refusal("not_director", _("Only the tournament's directors may do this."))
    return None


def transition_refusal(tournament: Tournament, target: str) -> Refusal:
    return Refusal(
        "transition",
        _("A tournament that is %(now)s cannot become %(new)s.")
        % {"now": tournament.get_status_display(), "new": S(target).label},
        "status",
        off_path=True,
    )


def _status_rule(before: str, after: str) -> Rule:
    def status_move(subject: Tournament, context: Context) -> Refusal | None:
        return transition_refusal(subject, after) if subject.status != before else None

    return status_move


for _action, (_before, _after) in STATUS_MOVES.items():
    rule(_action)(_status_rule(_before, _after))


@rule(Action.FINISH)
def every_round_finished(subject: Tournament, context: Context) -> Refusal | None:
    rounds = subject.rounds.order_by("number")
    if rounds.filter(status__in=[RoundStatus.DRAWING, RoundStatus.DRAFT, RoundStatus.PUBLISHED]):
        return Refusal(
            "rounds_unfinished",
            _("Every round must be finished before the tournament is."),
            "status",
        )
    planned = rounds.filter(status=RoundStatus.PLANNED).first()
    if planned is not None:
        return Refusal(
            "round_planned",
            _("Round %(n)d is planned but not drawn: draw and play it, or delete it, first.")
            % {"n": planned.number},
            "status",
        )
    return None


@explains(Action.FINISH)
def finish_consequence(subject: Tournament, context: Context) -> str:
    return str(
        _(
            "Finishing the tournament freezes it: no deal, ruling, entry, check-in, "
            "withdrawal, substitute or round can change, and the season ranking counts its "
            "places. A director can reopen it; the reopening is logged."
        )
    )


@rule(Action.EDIT_FORMAT)
def format_editable(subject: Tournament, context: Context) -> Refusal | None:
    if subject.status == S.FINISHED:
        return Refusal(
            "tournament_finished", _("A finished tournament cannot be changed."), "status"
        )
    return None
