"""Invitations by email: a link valid for ``SCWU_INVITATION_DAYS`` and used once; only its
digest is stored. One path issues and redeems every kind (commission, claim, a tournament's
roles in ``tournaments/services/invitations.py``); each kind grants its own role."""

from __future__ import annotations

import datetime as dt
from typing import Any, TypeVar

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scwu.broker import task_send
from scwu.models import ClaimInvitation, CommissionInvitation, CommissionMember, Player
from scwu.models.people import InvitationBase
from scwu.roles import AnyUser, Role, has_role
from scwu.security.tokens import api_token_digest, link_token_new
from scwu.services.claims import player_link

Invitation = TypeVar("Invitation", bound=InvitationBase)

#: The Celery task that emails an invitation (``scwu/tasks.py``), queued on commit.
INVITATION_EMAIL_TASK = "people.invitation_email"


def invitation_issue(
    model: type[Invitation], *, by: AnyUser | None, email: str, **fields: Any
) -> tuple[Invitation, str]:
    """Store an invitation and queue its email on commit; the link's secret is returned
    (for the email) and never stored."""
    email = email.strip()
    try:
        validate_email(email)
    except ValidationError:
        raise ValidationError(
            {"email": [_("Enter a valid email address.")]}, code="invalid"
        ) from None
    token = link_token_new()
    invitation = model(
        email=email,
        digest=api_token_digest(token),
        invited_by=by if by is not None and by.is_authenticated else None,
        expires_at=timezone.now() + dt.timedelta(days=settings.SCWU_INVITATION_DAYS),
        **fields,
    )
    invitation.full_clean()
    invitation.save()
    label = model._meta.label_lower
    language = translation.get_language() or settings.LANGUAGE_CODE
    transaction.on_commit(
        lambda: task_send(INVITATION_EMAIL_TASK, label, invitation.pk, token, language)
    )
    return invitation, token


def _refused(message: str, code: str) -> ValidationError:
    # The code on the field's error itself: a dict's errors do not take the outer code.
    return ValidationError({"token": ValidationError(message, code=code)})


def invitation_find(model: type[Invitation], token: str) -> Invitation:
    """The open invitation the link names; a wrong, used or expired link says which
    (codes ``invalid``, ``used``, ``expired``)."""
    invitation = model._default_manager.filter(digest=api_token_digest(token)).first()
    if invitation is None:
        raise _refused(_("This invitation link is not valid."), "invalid")
    if invitation.accepted_at is not None:
        raise _refused(_("This invitation was already accepted."), "used")
    if invitation.expires_at <= timezone.now():
        raise _refused(_("This invitation has expired."), "expired")
    return invitation


def invitation_take(model: type[Invitation], token: str, user: Any) -> Invitation:
    """Mark the invitation used by ``user`` (inside the caller's transaction, which grants the
    role): locked, so two clicks of one link grant once."""
    if user is None or not user.is_authenticated:
        raise PermissionDenied(_("Sign in to accept an invitation."))
    found = invitation_find(model, token)
    invitation = model._default_manager.select_for_update().get(pk=found.pk)
    if invitation.accepted_at is not None:
        raise ValidationError({"token": [_("This invitation was already accepted.")]}, code="used")
    invitation.accepted_by = user
    invitation.accepted_at = timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    return invitation


def may_invite_to_commission(user: AnyUser | None) -> bool:
    if has_role(user, Role.ADMINISTRATOR):
        return True
    return bool(
        user is not None
        and user.is_authenticated
        and CommissionMember.objects.filter(user_id=user.pk or 0, active=True, chair=True).exists()
    )


@transaction.atomic
def commission_invite(*, by: AnyUser | None, email: str) -> CommissionInvitation:
    """The commission's chair (or an administrator) invites a member by email."""
    if not may_invite_to_commission(by):
        raise PermissionDenied(_("Only the commission's chair invites its members."))
    invitation, _token = invitation_issue(CommissionInvitation, by=by, email=email)
    return invitation


@transaction.atomic
def commission_invitation_accept(*, token: str, user: Any) -> CommissionMember:
    """The invited account becomes an active commission member (again, if it had been one)."""
    invitation_take(CommissionInvitation, token, user)
    member, _created = CommissionMember.objects.get_or_create(
        user_id=user.pk, defaults={"since": timezone.localdate()}
    )
    if not member.active:
        member.active = True
        member.save(update_fields=["active"])
    return member


@transaction.atomic
def claim_invite(*, by: AnyUser | None, player: Player, email: str) -> ClaimInvitation:
    """Invite the person behind ``player`` to claim it (the caller checked that ``by`` may:
    the director who registered the newcomer at the desk)."""
    if player.user_id is not None:
        raise ValidationError(
            {"email": [_("%(player)s already has an account.") % {"player": player}]},
            code="claimed",
        )
    invitation, _token = invitation_issue(ClaimInvitation, by=by, email=email, player=player)
    return invitation


@transaction.atomic
def claim_invitation_accept(*, token: str, user: Any) -> Player:
    """The invited account becomes the player: the director who registered them vouched."""
    from_link = invitation_find(ClaimInvitation, token)
    player = Player.objects.select_for_update().get(pk=from_link.player_id)
    player_link(player=player, user=user)
    invitation_take(ClaimInvitation, token, user)
    return player
