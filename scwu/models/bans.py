from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class BanSource(models.TextChoices):
    RENONC_B = "renonc_b", _("intentional renonc B")
    ADMINISTRATOR = "administrator", _("imposed by the administrator")


class Ban(models.Model):
    """A lifetime ban: the player can be neither registered nor seated anywhere."""

    player = models.ForeignKey(
        "scwu.Player", on_delete=models.CASCADE, related_name="bans", verbose_name=_("player")
    )
    source = models.CharField(_("source"), max_length=16, choices=BanSource.choices)
    reason = models.TextField(_("reason"))
    imposed_on = models.DateField(_("imposed on"))
    imposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("imposed by"),
    )
    lifted_on = models.DateField(_("lifted on"), null=True, blank=True)

    class Meta:
        ordering = ["-imposed_on"]
        verbose_name = _("ban")
        verbose_name_plural = _("bans")
        constraints = [
            models.CheckConstraint(condition=~models.Q(reason=""), name="ban_reason_required"),
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(lifted_on__isnull=True),
                name="ban_one_active_per_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_source_display()}"

    @property
    def is_active(self) -> bool:
        return self.lifted_on is None
