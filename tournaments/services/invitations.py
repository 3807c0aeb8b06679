"""A director invites a co-director, the head referee or a line judge to one tournament by
email; the role is granted when the invited person accepts the link (valid for a limited
time, used once: ``scwu/services/invitations.py``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.roles import AnyUser
from scwu.services.invitations import invitation_find, invitation_issue, invitation_take
from tournaments.models import Tournament, TournamentInvitation, TournamentRole
from tournaments.permissions import require_director


@transaction.atomic
def tournament_invite(
    *, by: AnyUser | None, tournament: Tournament, email: str, role: str
) -> TournamentInvitation:
    require_director(by, tournament)
    if role not in TournamentRole.values:
        raise ValidationError({"role": [_("Unknown role.")]}, code="invalid")
    if role == TournamentRole.REFEREE and tournament.head_referee_id is not None:
        raise ValidationError(
            {"role": [_("The tournament already has a head referee.")]}, code="taken"
        )
    invitation, _token = invitation_issue(
        TournamentInvitation, by=by, email=email, tournament=tournament, role=role
    )
    return invitation


def tournament_invitation_find(token: str) -> TournamentInvitation:
    return invitation_find(TournamentInvitation, token)


@transaction.atomic
def tournament_invitation_accept(*, token: str, user: Any) -> TournamentInvitation:
    """Grant the invitation's role at its tournament to ``user``."""
    invitation = invitation_take(TournamentInvitation, token, user)
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=invitation.tournament_id)
    if invitation.role == TournamentRole.CO_DIRECTOR:
        inviter = invitation.invited_by
        if not tournament.directors.exists() and inviter is not None:
            # Once a tournament has assigned directors only they run it: the director who
            # ran it unassigned and invited a co-director keeps running it.
            tournament.directors.add(inviter)
        tournament.directors.add(user)
    elif invitation.role == TournamentRole.LINE_JUDGE:
        tournament.line_judges.add(user)
    else:
        if tournament.head_referee_id not in (None, user.pk):
            raise ValidationError(
                {"token": [_("The tournament already has a head referee.")]}, code="taken"
            )
        tournament.head_referee = user
        tournament.save(update_fields=["head_referee"])
    return invitation
