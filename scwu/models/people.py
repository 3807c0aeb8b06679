"""People and their accounts: claims of registry players, invitations, notification
preferences. Who may decide and what each grants is in ``scwu/services/`` (claims,
invitations, notifications); the tournament roles' invitations are in ``tournaments``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ClaimStatus(models.TextChoices):
    PENDING = "pending", _("waiting for confirmation")
    CONFIRMED = "confirmed", _("confirmed")
    REFUSED = "refused", _("refused")
    WITHDRAWN = "withdrawn", _("withdrawn")


class PlayerClaim(models.Model):
    """A signed-in person asks to be a registry player (``player``), or to be entered as a
    new one (``player`` empty, ``nickname`` given); a director or the player's club captain
    decides."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_claims",
        verbose_name=_("user"),
    )
    player = models.ForeignKey(
        "scwu.Player",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="claims",
        verbose_name=_("player"),
    )
    nickname = models.CharField(_("nickname asked for"), max_length=40, blank=True)
    real_name = models.CharField(_("real name"), max_length=120, blank=True)
    message = models.TextField(_("message"), blank=True, max_length=500)
    status = models.CharField(
        _("status"), max_length=10, choices=ClaimStatus.choices, default=ClaimStatus.PENDING
    )
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("player claim")
        verbose_name_plural = _("player claims")
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(status="pending"),
                name="claim_one_pending_per_user",
            ),
            models.CheckConstraint(
                condition=models.Q(player__isnull=False) | ~models.Q(nickname=""),
                name="claim_player_or_nickname",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.player or self.nickname}"


class InvitationBase(models.Model):
    """An invitation by email: a link valid until ``expires_at`` and used once. Only the
    link's SHA-256 digest is stored (as API keys are), so a leaked table grants nothing."""

    email = models.EmailField(_("email"))
    digest = models.CharField(max_length=64, unique=True, editable=False)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("invited by"),
    )
    created_at = models.DateTimeField(_("sent at"), auto_now_add=True)
    expires_at = models.DateTimeField(_("valid until"))
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("accepted by"),
    )
    accepted_at = models.DateTimeField(_("accepted at"), null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at"]

    @property
    def is_open(self) -> bool:
        return self.accepted_at is None and self.expires_at > timezone.now()

    def offer(self) -> str:
        """What accepting gives, in the active language (the email and the accept page)."""
        raise NotImplementedError


class CommissionInvitation(InvitationBase):
    """The commission's chair invites a member; accepting makes the account one."""

    class Meta(InvitationBase.Meta):
        verbose_name = _("commission invitation")
        verbose_name_plural = _("commission invitations")

    def __str__(self) -> str:
        return f"{self.email} → {self._meta.verbose_name}"

    def offer(self) -> str:
        return str(_("membership of the SCWU commission (playing words and appeals)"))


class ClaimInvitation(InvitationBase):
    """A newcomer registered at the desk with an email: accepting links the account to the
    player (the director who registered them vouched for them)."""

    player = models.ForeignKey(
        "scwu.Player",
        on_delete=models.CASCADE,
        related_name="claim_invitations",
        verbose_name=_("player"),
    )

    class Meta(InvitationBase.Meta):
        verbose_name = _("claim invitation")
        verbose_name_plural = _("claim invitations")

    def __str__(self) -> str:
        return f"{self.email} → {self.player}"

    def offer(self) -> str:
        return str(_("your registry player %(player)s as your account") % {"player": self.player})


class NotificationKind(models.TextChoices):
    """Every email the site sends a person about play; each can be turned off."""

    DRAW_PUBLISHED = "draw_published", _("the draw is published: my table and seat")
    REFEREE_CALL = "referee_call", _("a table calls the referee (referees on duty)")
    WORD_REVIEW = "word_review", _("a playing word waits for my review (commission)")
    APPEAL_DECIDED = "appeal_decided", _("an appeal I am part of is decided")
    FINAL_CLASSIFICATION = "final_classification", _("the final classification of my tournament")


class PersonSettings(models.Model):
    """A person's language for emails and the notifications they turned off."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="person_settings",
        verbose_name=_("user"),
    )
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    muted = models.JSONField(_("notifications turned off"), default=list, blank=True)

    class Meta:
        verbose_name = _("person's settings")
        verbose_name_plural = _("people's settings")

    def __str__(self) -> str:
        return str(self.user)

    def wants(self, kind: str) -> bool:
        return kind not in self.muted
