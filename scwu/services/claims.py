"""Claims: a signed-in person asks to be a registry player (or a new one); a director or the
player's club captain confirms, and from then on the account is that player's (``My tables``,
the profile, ratings, online play all follow ``Player.user``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from scwu.models import ClaimStatus, Club, Player, PlayerClaim
from scwu.roles import AnyUser, Role, has_role
from scwu.selectors import player_club_at
from scwu.services.players import nickname_assert_free, nickname_clean, player_create


def player_link(*, player: Player, user: Any) -> None:
    """Make ``user`` the account of ``player``: the one place a claim is granted."""
    if player.user_id is not None and player.user_id != user.pk:
        raise ValidationError(
            {"player": [_("%(player)s already has an account.") % {"player": player}]},
            code="claimed",
        )
    if Player.objects.filter(user=user).exclude(pk=player.pk).exists():
        raise ValidationError(
            {"player": [_("Your account is already a registry player.")]}, code="has_player"
        )
    player.user = user
    player.save(update_fields=["user"])


@transaction.atomic
def claim_request(
    *,
    by: AnyUser | None,
    player: Player | None = None,
    nickname: str = "",
    real_name: str = "",
    message: str = "",
) -> PlayerClaim:
    """Ask to be ``player``, or (``player`` None) a new player called ``nickname``."""
    if by is None or not by.is_authenticated:
        raise PermissionDenied(_("Sign in to claim a player."))
    if Player.objects.filter(user_id=by.pk).exists():
        raise ValidationError(
            {"player": [_("Your account is already a registry player.")]}, code="has_player"
        )
    if PlayerClaim.objects.filter(user_id=by.pk, status=ClaimStatus.PENDING).exists():
        raise ValidationError(
            {"player": [_("You already asked; withdraw that request to ask another.")]},
            code="pending",
        )
    if player is not None:
        if player.user_id is not None:
            raise ValidationError(
                {"player": [_("%(player)s already has an account.") % {"player": player}]},
                code="claimed",
            )
        nickname = ""
    else:
        nickname = nickname_clean(nickname)
        nickname_assert_free(nickname)
    claim = PlayerClaim(
        user_id=by.pk,
        player=player,
        nickname=nickname,
        real_name=real_name.strip(),
        message=message.strip(),
    )
    claim.full_clean()
    claim.save()
    return claim


def _club_of(claim: PlayerClaim) -> Club | None:
    return player_club_at(claim.player, timezone.localdate()) if claim.player else None


def may_decide(user: AnyUser | None, claim: PlayerClaim) -> bool:
    """Directors decide every claim; a club's captain those of the club's current players."""
    if user is None or not user.is_authenticated or claim.user_id == user.pk:
        return False
    if has_role(user, Role.DIRECTOR):
        return True
    club = _club_of(claim)
    captain = club.captain if club is not None else None
    return captain is not None and captain.user_id == user.pk


def may_decide_any(user: AnyUser | None) -> bool:
    """Whether ``user`` decides claims at all (a director, or a club's captain)."""
    return has_role(user, Role.DIRECTOR) or has_role(user, Role.CAPTAIN)


def claims_to_decide(user: AnyUser | None) -> QuerySet[PlayerClaim]:
    """The pending claims ``user`` may decide, oldest first."""
    pending = PlayerClaim.objects.filter(status=ClaimStatus.PENDING).select_related(
        "user", "player"
    )
    if user is None or not user.is_authenticated:
        return pending.none()
    if has_role(user, Role.DIRECTOR):
        return pending.exclude(user_id=user.pk).order_by("created_at")
    today = timezone.localdate()
    captained = Q(
        player__memberships__club__captain__user_id=user.pk,
        player__memberships__start__lte=today,
    ) & (Q(player__memberships__end__isnull=True) | Q(player__memberships__end__gte=today))
    return pending.filter(captained).exclude(user_id=user.pk).distinct().order_by("created_at")


def _lock_pending(claim: PlayerClaim) -> PlayerClaim:
    # Only the claim's row: PostgreSQL locks no nullable side of an outer join (a claim for a
    # new player has none), and the player is locked where it is linked.
    claim = (
        PlayerClaim.objects.select_for_update(of=("self",))
        .select_related("player")
        .get(pk=claim.pk)
    )
    if claim.status != ClaimStatus.PENDING:
        raise ValidationError(
            {
                "claim": [
                    _("This request was already %(status)s.")
                    % {"status": claim.get_status_display()}
                ]
            },
            code="decided",
        )
    return claim


@transaction.atomic
def claim_confirm(*, by: AnyUser | None, claim: PlayerClaim) -> Player:
    """Link the account to the player (creating the player asked for): from now on it is
    that player's account."""
    claim = _lock_pending(claim)
    if not may_decide(by, claim):
        raise PermissionDenied(
            _("Only a tournament director or the player's club captain confirms.")
        )
    if claim.player is None:
        player = player_create(
            by=by, nickname=claim.nickname, real_name=claim.real_name, user=claim.user
        )
    else:
        player = Player.objects.select_for_update().get(pk=claim.player.pk)
        player_link(player=player, user=claim.user)
    claim.player = player
    _decided(claim, by, ClaimStatus.CONFIRMED)
    return player


@transaction.atomic
def claim_refuse(*, by: AnyUser | None, claim: PlayerClaim) -> PlayerClaim:
    claim = _lock_pending(claim)
    if not may_decide(by, claim):
        raise PermissionDenied(
            _("Only a tournament director or the player's club captain confirms.")
        )
    return _decided(claim, by, ClaimStatus.REFUSED)


@transaction.atomic
def claim_withdraw(*, by: AnyUser | None, claim: PlayerClaim) -> PlayerClaim:
    claim = _lock_pending(claim)
    if by is None or claim.user_id != by.pk:
        raise PermissionDenied(_("Only the person who asked withdraws a request."))
    return _decided(claim, by, ClaimStatus.WITHDRAWN)


def _decided(claim: PlayerClaim, by: Any, status: ClaimStatus) -> PlayerClaim:
    claim.status = status
    claim.decided_by = by
    claim.decided_at = timezone.now()
    claim.save(update_fields=["player", "status", "decided_by", "decided_at"])
    return claim
