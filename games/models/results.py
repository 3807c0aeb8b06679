from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class SeatResult(models.Model):
    """One seat's figures in one game, as the ledger computes them.

    Rewritten from the replayed state in the same transaction as every write to the
    game, so the standings read one row per player and round instead of replaying
    every game on every request. Never edited by hand: the events stay the truth.
    """

    game = models.ForeignKey(
        "games.TableGame",
        on_delete=models.CASCADE,
        related_name="seat_results",
        verbose_name=_("game"),
    )
    seat = models.OneToOneField(
        "tournaments.TableSeat",
        on_delete=models.CASCADE,
        related_name="result",
        verbose_name=_("seat"),
    )
    entry = models.ForeignKey(
        "tournaments.Entry",
        on_delete=models.CASCADE,
        related_name="seat_results",
        verbose_name=_("entry"),
    )
    #: Copied from the table so the standings need no join through tables.
    round = models.ForeignKey(
        "tournaments.Round", on_delete=models.CASCADE, related_name="+", verbose_name=_("round")
    )
    deals_played = models.PositiveIntegerField(_("deals played"), default=0)
    deals_lost = models.PositiveIntegerField(_("deals lost"), default=0)
    letters = models.PositiveSmallIntegerField(_("letters"), default=0)
    penalty_letters = models.PositiveSmallIntegerField(_("penalty letters"), default=0)
    placka = models.BooleanField(_("placka"), default=False)
    #: Sum of the points recorded for this seat; ``None`` when no deal recorded points.
    penalty_points = models.PositiveIntegerField(_("penalty points"), null=True, blank=True)
    #: Whether every counted deal the seat played carries its points (the points
    #: tie-break compares only complete figures).
    points_complete = models.BooleanField(_("points entered for every deal"), default=True)
    #: One character per counted deal the seat played, in order: ``L`` lost, ``W`` not lost.
    outcomes = models.CharField(_("deal outcomes"), max_length=400, blank=True)
    #: 1 for the first seat to leave the table (placka in elimination), 2 for the next...
    left_order = models.PositiveSmallIntegerField(_("left the table as"), null=True, blank=True)
    table_place = models.PositiveSmallIntegerField(_("place at the table"), null=True, blank=True)
    table_place_shared = models.BooleanField(default=False)
    is_disqualified = models.BooleanField(_("disqualified"), default=False)
    game_finished = models.BooleanField(_("game finished"), default=False)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["round", "game", "seat"]
        verbose_name = _("seat result")
        verbose_name_plural = _("seat results")
        indexes = [models.Index(fields=["round", "entry"], name="seatresult_round_entry")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(deals_lost__lte=models.F("deals_played")),
                name="seatresult_lost_le_played",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry} · {self.round}: {self.deals_lost}/{self.deals_played}"
