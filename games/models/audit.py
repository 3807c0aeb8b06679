from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditAction(models.TextChoices):
    GAME_START = "game_start", _("game started")
    DEAL_RECORD = "deal_record", _("deal recorded")
    DEAL_UNDO = "deal_undo", _("deal undone")
    DEAL_CORRECT = "deal_correct", _("deal corrected")
    MISDEAL_RECORD = "misdeal_record", _("misdeal recorded")
    MISDEAL_WAIVE = "misdeal_waive", _("misdeal letter waived")
    MISDEAL_UNDO = "misdeal_undo", _("misdeal undone")
    RULING_MAKE = "ruling_make", _("ruling made")
    APPEAL_FILE = "appeal_file", _("appeal filed")
    APPEAL_DECIDE = "appeal_decide", _("appeal decided")
    REFEREE_CALL = "referee_call", _("referee called")
    REFEREE_CLEAR = "referee_clear", _("referee call cleared")
    REFEREE_ACKNOWLEDGE = "referee_ack", _("referee call acknowledged")
    PAPER_ENTER = "paper_enter", _("paper scoresheet entered")


class AppendOnlyQuerySet(models.QuerySet["AuditEntry"]):
    """Bulk ``update()`` and ``delete()`` are refused like the row methods (triggers refuse
    UPDATE and DELETE in the database itself, migrations 0005 and 0007)."""

    def update(self, **kwargs: Any) -> int:
        raise RuntimeError("The audit trail is append-only.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise RuntimeError("The audit trail is append-only.")


class AuditEntry(models.Model):
    """One change to a game: who, when, what, and the state before and after.

    Append-only: saving an existing row or deleting one raises, and so does deleting the
    game it belongs to (or its table, round or tournament): the trail outlives nothing it
    records (PROTECT; the admin names the protecting rows)."""

    game = models.ForeignKey(
        "games.TableGame", on_delete=models.PROTECT, related_name="audit", verbose_name=_("game")
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("by"),
    )
    action = models.CharField(_("action"), max_length=16, choices=AuditAction.choices)
    summary = models.TextField(_("summary"), blank=True)
    detail = models.JSONField(_("request"), default=dict, blank=True)
    before = models.JSONField(_("before"), default=dict, blank=True)
    after = models.JSONField(_("after"), default=dict, blank=True)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["game", "at", "pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit trail")

    def __str__(self) -> str:
        return f"{self.game} · {self.get_action_display()}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise RuntimeError("The audit trail is append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("The audit trail is append-only.")
