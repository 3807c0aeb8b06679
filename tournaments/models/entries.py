from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class EntryStatus(models.TextChoices):
    REGISTERED = "registered", _("registered")
    CHECKED_IN = "checked_in", _("checked in")
    WITHDRAWN = "withdrawn", _("withdrawn")


class Entry(models.Model):
    """A player's entry in a tournament; the club is kept as it was at the time."""

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="entries",
        verbose_name=_("tournament"),
    )
    player = models.ForeignKey(
        "scwu.Player", on_delete=models.PROTECT, related_name="entries", verbose_name=_("player")
    )
    club = models.ForeignKey(
        "scwu.Club",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("club at the time"),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=EntryStatus.choices, default=EntryStatus.REGISTERED
    )
    is_substitute = models.BooleanField(_("non-scoring substitute"), default=False)
    replaces = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="replaced_by",
        verbose_name=_("replaces"),
    )
    rank = models.PositiveIntegerField(
        _("qualification rank"),
        null=True,
        blank=True,
        help_text=_("Set by the standings (or the director) for standings and final draws."),
    )
    withdrawal_classified = models.BooleanField(_("classified after withdrawal"), default=False)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("registered by"),
    )
    registered_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("withdrawn at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "player__nickname_key"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_once"),
            models.CheckConstraint(
                condition=models.Q(status__in=EntryStatus.values), name="entry_status"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"

    @property
    def is_scoring(self) -> bool:
        return not self.is_substitute
