"""A player's rating now, and one history row per rated game."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .skill import MU, SIGMA


class PlayerRating(models.Model):
    """The current rating (OpenSkill Plackett-Luce ``mu`` and ``sigma``)."""

    player = models.OneToOneField(
        "scwu.Player", on_delete=models.CASCADE, related_name="rating", verbose_name=_("player")
    )
    mu = models.FloatField(_("rating"), default=MU)
    sigma = models.FloatField(_("uncertainty"), default=SIGMA)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        ordering = ["-mu"]

    def __str__(self) -> str:
        return f"{self.player}: {self.mu:.1f} ± {self.sigma:.1f}"


class RatingChange(models.Model):
    """The rating after one game; a game is rated once its seats have rows here."""

    player = models.ForeignKey(
        "scwu.Player",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("player"),
    )
    game = models.ForeignKey(
        "games.TableGame",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("game"),
    )
    rank = models.PositiveSmallIntegerField(_("order of finish"))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField(_("rating"))
    sigma = models.FloatField(_("uncertainty"))
    created_at = models.DateTimeField(_("rated at"), auto_now_add=True)

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["player", "id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="ratingchange_player_game")
        ]

    def __str__(self) -> str:
        return f"{self.player} · {self.game_id}: {self.mu_before:.1f} → {self.mu:.1f}"
