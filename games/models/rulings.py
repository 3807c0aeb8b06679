from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine.ledger.events import Penalty, RenoncKind

# The kinds and penalties are the ledger's (engine.ledger.events); these add the labels the
# site shows, under their own names.


class RenoncKindChoice(models.TextChoices):
    PEEKING = RenoncKind.PEEKING.value, _("A: peeking")
    REVOKE = RenoncKind.REVOKE.value, _("B: revoke")
    MISDEAL = RenoncKind.MISDEAL.value, _("C: misdeal")
    OTHER = RenoncKind.OTHER.value, _("other")


class PenaltyChoice(models.TextChoices):
    LOSES_DEAL = Penalty.LOSES_DEAL.value, _("loses the deal and takes the letter")
    EXTRA_LETTER = Penalty.EXTRA_LETTER.value, _("an extra letter")
    LOSES_GAME = Penalty.LOSES_GAME.value, _("loss of the game")
    DISQUALIFICATION = Penalty.DISQUALIFICATION.value, _("disqualification from the tournament")
    BAN = Penalty.BAN.value, _("lifetime ban (intentional renonc B)")


class Ruling(models.Model):
    """A referee's renonc ruling on a recorded deal. An overturn on appeal sets
    ``withdrawn_seq``: the ledger then replays as if the ruling had not been made."""

    game = models.ForeignKey(
        "games.TableGame", on_delete=models.CASCADE, related_name="rulings", verbose_name=_("game")
    )
    deal = models.ForeignKey(
        "games.DealEntry", on_delete=models.CASCADE, related_name="rulings", verbose_name=_("deal")
    )
    seq = models.PositiveIntegerField(editable=False)
    kind = models.CharField(_("renonc"), max_length=5, choices=RenoncKindChoice.choices)
    offender = models.CharField(_("offending seat"), max_length=1)
    intentional = models.BooleanField(_("intentional"), default=False)
    penalty = models.CharField(_("penalty"), max_length=16, choices=PenaltyChoice.choices)
    reason = models.TextField(_("reason"))
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("referee"),
    )
    ruled_at = models.DateTimeField(_("ruled at"), auto_now_add=True)
    ban = models.ForeignKey(
        "scwu.Ban",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("ban"),
    )
    #: The entry's status before a disqualification, restored by an overturn.
    entry_status_before = models.CharField(max_length=12, blank=True)
    withdrawn_seq = models.PositiveIntegerField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["game", "seq"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="ruling_seq_once"),
            models.CheckConstraint(condition=~models.Q(reason=""), name="ruling_reason"),
            models.CheckConstraint(
                condition=models.Q(kind__in=RenoncKindChoice.values), name="ruling_kind_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(penalty__in=PenaltyChoice.values), name="ruling_penalty_valid"
            ),
            models.CheckConstraint(
                condition=~models.Q(penalty="ban")
                | (models.Q(kind="B") & models.Q(intentional=True)),
                name="ruling_ban_only_intentional_b",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deal} · renonc {self.kind} {self.offender}"

    @property
    def event_id(self) -> str:
        return f"r{self.pk}"

    @property
    def withdrawal_id(self) -> str:
        return f"w{self.pk}"

    @property
    def in_force(self) -> bool:
        return self.withdrawn_seq is None


class AppealStatus(models.TextChoices):
    PENDING = "pending", _("pending")
    UPHELD = "upheld", _("upheld")
    OVERTURNED = "overturned", _("overturned")


class Appeal(models.Model):
    ruling = models.ForeignKey(
        Ruling, on_delete=models.CASCADE, related_name="appeals", verbose_name=_("ruling")
    )
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("filed by"),
    )
    filed_at = models.DateTimeField(_("filed at"), auto_now_add=True)
    grounds = models.TextField(_("grounds"))
    status = models.CharField(
        _("status"), max_length=10, choices=AppealStatus.choices, default=AppealStatus.PENDING
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decision_reason = models.TextField(_("reason for the decision"), blank=True)

    class Meta:
        ordering = ["-filed_at"]
        verbose_name = _("appeal")
        verbose_name_plural = _("appeals")
        constraints = [
            models.UniqueConstraint(
                fields=["ruling"],
                condition=models.Q(status="pending"),
                name="appeal_one_pending_per_ruling",
            ),
            models.CheckConstraint(condition=~models.Q(grounds=""), name="appeal_grounds"),
            models.CheckConstraint(
                condition=models.Q(status__in=AppealStatus.values), name="appeal_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(status="pending") | ~models.Q(decision_reason=""),
                name="appeal_decision_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.ruling} · appeal {self.get_status_display()}"

    @property
    def status_label(self) -> str:
        """The status in the reader's language (the API's ``status_label``)."""
        return str(self.get_status_display())
