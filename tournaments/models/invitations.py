"""Invitations to run or officiate one tournament; the role is granted on acceptance
(``tournaments/services/invitations.py``)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scwu.models.people import InvitationBase


class TournamentRole(models.TextChoices):
    CO_DIRECTOR = "co_director", _("co-director")
    REFEREE = "referee", _("head referee")
    LINE_JUDGE = "line_judge", _("line judge")


class TournamentInvitation(InvitationBase):
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="invitations",
        verbose_name=_("tournament"),
    )
    role = models.CharField(_("role"), max_length=12, choices=TournamentRole.choices)

    class Meta(InvitationBase.Meta):
        verbose_name = _("tournament invitation")
        verbose_name_plural = _("tournament invitations")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(role__in=TournamentRole.values),
                name="tournament_invitation_role_valid",
            )
        ]

    def __str__(self) -> str:
        return f"{self.email} → {self.tournament} ({self.get_role_display()})"

    def offer(self) -> str:
        return str(
            _("%(role)s at %(tournament)s")
            % {"role": self.get_role_display(), "tournament": self.tournament.name}
        )
