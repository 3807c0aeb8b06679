from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from tournaments.models import Table


class GameStatus(models.TextChoices):
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")


class TableGameManager(models.Manager["TableGame"]):
    def of_table(self, table: Table) -> TableGame | None:
        """The game at ``table`` (one at most), or ``None`` before its first write.

        Unordered: the model's ordering follows table, round and tournament, and would join
        all three to sort one row (``tests/games/test_write_queries.py``)."""
        return self.filter(table=table).order_by().first()


class TableGame(models.Model):
    """The game at one table in one round. The word and the table rules are copied when
    the game starts, so a later edit of the round cannot rewrite a game in progress."""

    table = models.OneToOneField(
        "tournaments.Table", on_delete=models.CASCADE, related_name="game", verbose_name=_("table")
    )
    word_label = models.CharField(_("playing word"), max_length=60)
    word_letters = models.CharField(_("letters"), max_length=30)
    seats = models.PositiveSmallIntegerField(_("seats"))
    placka_mode = models.CharField(_("when a seat takes the placka"), max_length=20)
    sit_out_rule = models.CharField(_("who sits out"), max_length=16)
    status = models.CharField(
        _("status"), max_length=10, choices=GameStatus.choices, default=GameStatus.RUNNING
    )
    #: Position of the next event: every event row takes one, so replay keeps entry order.
    next_seq = models.PositiveIntegerField(default=1, editable=False)
    referee_called_at = models.DateTimeField(_("referee called at"), null=True, blank=True)
    referee_called_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("referee called by"),
    )
    #: A referee saw the call and is on the way (cleared with the call).
    referee_acknowledged_at = models.DateTimeField(
        _("referee call acknowledged at"), null=True, blank=True
    )
    referee_acknowledged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("referee call acknowledged by"),
    )
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    objects = TableGameManager()

    class Meta:
        # Follows the table's ordering up to the tournament's: lists read in event order, but
        # a query that needs no order clears it (``.order_by()``) rather than join three tables.
        ordering = ["table"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(seats__gte=4) & models.Q(seats__lte=6), name="game_seats"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=GameStatus.values), name="game_status"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.word_label}"

    @property
    def is_finished(self) -> bool:
        return self.status == GameStatus.FINISHED
