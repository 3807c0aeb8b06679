from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class TableSummary(models.Model):
    """What the live results page and the round dashboard show of a table's game, as the
    ledger computes it (:func:`games.summaries.summary_of`).

    Rewritten in the same transaction as every write to the game, so a page that shows a
    round's tables reads one row per table instead of replaying every game. ``version``
    says which state of the game the row holds; a reader that finds another one rebuilds
    the row from the events (``games.summaries``). Never edited by hand: the events stay
    the truth."""

    game = models.OneToOneField(
        "games.TableGame",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="summary",
        verbose_name=_("game"),
    )
    version = models.CharField(_("version"), max_length=60)
    data = models.JSONField(_("summary"))
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("table summary")
        verbose_name_plural = _("table summaries")

    def __str__(self) -> str:
        return f"{self.game_id} @ {self.version}"
