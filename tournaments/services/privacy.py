"""Erasure as the site carries it out: the federation's pseudonymisation
(``scwu/services/privacy.py``), then what the tournaments kept of the old name: the draw
reports' labels and the cached results of every tournament the player entered."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from scwu.models import Player
from scwu.roles import AnyUser, Role, has_role
from scwu.services.privacy import person_pseudonymise
from tournaments.models import Round, Tournament
from tournaments.results.services import results_changed


@transaction.atomic
def person_erase(*, by: AnyUser | None, user: User) -> Player | None:
    """Erase ``user`` (themselves, or an administrator on their request)."""
    if by is None or not by.is_authenticated:
        raise PermissionDenied(_("Sign in to erase your account."))
    if by.pk != user.pk and not has_role(by, Role.ADMINISTRATOR):
        raise PermissionDenied(_("Only the account's owner or an administrator erases it."))
    before = Player.objects.filter(user=user).first()
    player = person_pseudonymise(user)
    if before is None or player is None:
        return player
    tournaments = list(Tournament.objects.filter(entries__player=player).distinct())
    for round_ in Round.objects.filter(tournament__in=tournaments).exclude(draw_report={}):
        renamed = _renamed(round_.draw_report, before.nickname, player.nickname)
        if renamed != round_.draw_report:
            round_.draw_report = renamed
            round_.save(update_fields=["draw_report"])
    for tournament in tournaments:
        results_changed(tournament.pk)
    return player


def _renamed(value: Any, old: str, new: str) -> Any:
    """``value`` (JSON data) with every string that is exactly ``old`` replaced by ``new``."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, old, new) for k, v in value.items()}
    return value
