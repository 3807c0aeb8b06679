"""The entries' part of a tournament's life: registering, checking in, withdrawing, and
substitutes. A finished tournament takes none of them until it is reopened: its
classification is frozen with its entries.

:data:`Action.REGISTER` takes the tournament (``Context.by``: who registers); the others
take the entry.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.lifecycle.base import Action, Context, Refusal, rule
from tournaments.lifecycle.tournament import finished_refusal
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.permissions import can_direct


@rule(Action.REGISTER)
def registration_open(subject: Tournament, context: Context) -> Refusal | None:
    """Directors register anyone until the tournament ends; players and captains only while
    registration is open."""
    if subject.status == TournamentStatus.FINISHED:
        return Refusal(
            "tournament_finished",
            _("This tournament is finished; nobody can enter it now."),
            "tournament",
        )
    if subject.status != TournamentStatus.REGISTRATION and not can_direct(context.by, subject):
        return Refusal(
            "registration_closed",
            _("Registration for this tournament is not open."),
            "tournament",
        )
    return None


@rule(Action.CHECK_IN, Action.WITHDRAW, Action.SUBSTITUTE)
def entries_frozen(subject: Entry, context: Context) -> Refusal | None:
    return finished_refusal(subject.tournament)


@rule(Action.CHECK_IN)
def check_in_open(subject: Entry, context: Context) -> Refusal | None:
    if subject.tournament.status not in (TournamentStatus.REGISTRATION, TournamentStatus.RUNNING):
        return Refusal(
            "check_in_closed",
            _("Check-in is open only while registration is open or the tournament runs."),
            "tournament",
        )
    if subject.status == EntryStatus.WITHDRAWN:
        return Refusal(
            "withdrawn",
            _("%(player)s has withdrawn.") % {"player": subject.player},
            "entry",
            off_path=True,
        )
    return None


@rule(Action.WITHDRAW)
def not_withdrawn_yet(subject: Entry, context: Context) -> Refusal | None:
    if subject.status == EntryStatus.WITHDRAWN:
        return Refusal(
            "withdrawn",
            _("%(player)s has already withdrawn.") % {"player": subject.player},
            "entry",
            off_path=True,
        )
    return None


@rule(Action.SUBSTITUTE)
def substitute_for_a_withdrawal(subject: Entry, context: Context) -> Refusal | None:
    if subject.status != EntryStatus.WITHDRAWN:
        return Refusal(
            "not_withdrawn",
            _("Only a withdrawn player can be replaced by a substitute."),
            "replaces",
            off_path=True,
        )
    if subject.replaced_by.exists():
        return Refusal(
            "replaced", _("This player already has a substitute."), "replaces", off_path=True
        )
    return None
