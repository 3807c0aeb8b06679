from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class DealMode(models.TextChoices):
    LOSER = "loser", _("loser only")
    POINTS = "points", _("points of every seat")
    RECORD = "record", _("full deal record (SCN)")
    PAPER = "paper", _("paper scoresheet")


class Undoable(models.Model):
    """An event row that an undo marks (``undone_seq``, the undo's own number) and never
    deletes, so the audit trail's rows keep what they name; an undone row is no event of
    the game."""

    undone_seq = models.PositiveIntegerField(null=True, blank=True, editable=False)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    undone_at = models.DateTimeField(_("undone at"), null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def is_live(self) -> bool:
        return self.undone_seq is None


class DealEntry(Undoable):
    """A recorded deal. Undo marks it (``undone_seq``); it is never deleted."""

    game = models.ForeignKey(
        "games.TableGame", on_delete=models.CASCADE, related_name="deals", verbose_name=_("game")
    )
    number = models.PositiveSmallIntegerField(_("deal number"))
    seq = models.PositiveIntegerField(editable=False)
    mode = models.CharField(_("entered as"), max_length=8, choices=DealMode.choices)
    losers = models.JSONField(_("losers"))
    points = models.JSONField(_("points"), null=True, blank=True)
    sat_out = models.JSONField(_("sat out"), null=True, blank=True)
    #: Who dealt, as played (blank on deals recorded before it was stored).
    dealer = models.CharField(_("dealer"), max_length=1, blank=True)
    #: A referee's reason for recording this deal as played against the table's sit-out
    #: rule (a correction); blank for a deal recorded by the rules.
    correction_reason = models.TextField(_("correction reason"), max_length=2000, blank=True)
    #: A deal a game record says the referee held (it no longer fitted the table): no
    #: losers, no letters, the deal does not move; only its misdeals and dealer count.
    #: Entered only by importing a game record (``services.deal_held_record``).
    held = models.BooleanField(_("held for the referee"), default=False)
    record = models.JSONField(_("SCN record"), null=True, blank=True)
    result = models.JSONField(_("engine result"), null=True, blank=True)
    idempotency_key = models.CharField(
        _("idempotency key"), max_length=64, unique=True, null=True, blank=True
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            # The database itself refuses a second live deal with the same number.
            models.UniqueConstraint(
                fields=["game", "number"],
                condition=models.Q(undone_seq__isnull=True),
                name="deal_number_once_live",
            ),
            models.UniqueConstraint(fields=["game", "seq"], name="deal_seq_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="deal_number_positive"),
            models.CheckConstraint(
                condition=models.Q(mode__in=DealMode.values), name="deal_mode_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} · deal {self.number}"

    @property
    def event_id(self) -> str:
        return f"d{self.pk}"

    @property
    def is_correction(self) -> bool:
        """Recorded by a referee against the table's rules, with a reason."""
        return bool(self.correction_reason)


class MisdealEntry(Undoable):
    """A misdeal (renonc C) of the deal being dealt, or entered late for ``deal``. The line
    judge may undo one of the deal being dealt (``services.misdeal_undo``)."""

    game = models.ForeignKey(
        "games.TableGame", on_delete=models.CASCADE, related_name="misdeals", verbose_name=_("game")
    )
    seq = models.PositiveIntegerField(editable=False)
    deal = models.ForeignKey(
        DealEntry,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="late_misdeals",
        verbose_name=_("deal"),
    )
    waived = models.BooleanField(_("letter waived by the referee"), default=False)
    #: Who misdealt, as played (blank on misdeals recorded before it was stored).
    dealer = models.CharField(_("dealer"), max_length=1, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        verbose_name = _("misdeal")
        verbose_name_plural = _("misdeals")
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="misdeal_seq_once")]

    def __str__(self) -> str:
        return f"{self.game} · misdeal {self.seq}"

    @property
    def event_id(self) -> str:
        return f"m{self.pk}"


class Correction(models.Model):
    """A referee's correction of a recorded deal's loser(s) and/or points."""

    game = models.ForeignKey(
        "games.TableGame",
        on_delete=models.CASCADE,
        related_name="corrections",
        verbose_name=_("game"),
    )
    deal = models.ForeignKey(
        DealEntry, on_delete=models.CASCADE, related_name="corrections", verbose_name=_("deal")
    )
    seq = models.PositiveIntegerField(editable=False)
    losers = models.JSONField(_("losers"), null=True, blank=True)
    points = models.JSONField(_("points"), null=True, blank=True)
    reason = models.TextField(_("reason"))
    corrected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    corrected_at = models.DateTimeField(_("corrected at"), auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="correction_seq_once"),
            models.CheckConstraint(condition=~models.Q(reason=""), name="correction_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.deal} · correction {self.seq}"

    @property
    def event_id(self) -> str:
        return f"c{self.pk}"
