from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class ResultsState(models.Model):
    """Which version of a tournament's results the stored placings show.

    Every change that affects the results bumps ``requested``; the recompute task
    writes the placings and sets ``computed`` to the version it read, so a burst of
    changes is computed once and a late, older run never overwrites a newer one.
    """

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="results_state",
        verbose_name=_("tournament"),
    )
    requested = models.PositiveIntegerField(_("requested version"), default=0)
    computed = models.PositiveIntegerField(_("computed version"), default=0)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)
    is_complete = models.BooleanField(_("classification complete"), default=False)

    class Meta:
        verbose_name = _("results state")
        verbose_name_plural = _("results states")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.computed}/{self.requested}"

    @property
    def is_stale(self) -> bool:
        return self.computed < self.requested


class PlacingStage(models.TextChoices):
    FINAL = "final", _("final")
    SMALL_FINAL = "small_final", _("small final")
    BASIC_ROUNDS = "basic_rounds", _("basic rounds")


class Placing(models.Model):
    """One entry's line in a tournament's classification, as last computed.

    Written as a whole set by the recompute task (in one transaction), read by the
    season rankings, records, profiles and the archive.
    """

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="placings",
        verbose_name=_("tournament"),
    )
    entry = models.OneToOneField(
        "tournaments.Entry",
        on_delete=models.CASCADE,
        related_name="placing",
        verbose_name=_("entry"),
    )
    player = models.ForeignKey(
        "scwu.Player", on_delete=models.CASCADE, related_name="placings", verbose_name=_("player")
    )
    club = models.ForeignKey(
        "scwu.Club",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="placings",
        verbose_name=_("club"),
    )
    #: ``None`` for substitutes, unclassified withdrawals and a final still being played.
    place = models.PositiveIntegerField(_("place"), null=True, blank=True)
    is_shared = models.BooleanField(_("shared place"), default=False)
    stage = models.CharField(_("placed by"), max_length=12, choices=PlacingStage.choices)
    points = models.DecimalField(
        _("ranking points"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    deals_played = models.PositiveIntegerField(_("deals played"), default=0)
    deals_lost = models.PositiveIntegerField(_("deals lost"), default=0)
    placky = models.PositiveSmallIntegerField(_("placky"), default=0)
    penalty_points = models.PositiveIntegerField(_("penalty points"), null=True, blank=True)
    version = models.PositiveIntegerField(_("results version"), default=0)

    class Meta:
        ordering = ["tournament", models.F("place").asc(nulls_last=True), "player__nickname_key"]
        verbose_name = _("placing")
        verbose_name_plural = _("placings")
        indexes = [models.Index(fields=["player", "tournament"], name="placing_player_tournament")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(deals_lost__lte=models.F("deals_played")),
                name="placing_lost_le_played",
            ),
            models.CheckConstraint(
                condition=models.Q(stage__in=PlacingStage.values), name="placing_stage"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.place or '-'}. {self.player} @ {self.tournament}"


class RankingKind(models.TextChoices):
    PLAYERS = "players", _("players")
    CLUBS = "clubs", _("clubs")


class SeasonRankingRow(models.Model):
    """A line of a season ranking (players or clubs), recomputed by the worker."""

    season = models.ForeignKey(
        "tournaments.Season",
        on_delete=models.CASCADE,
        related_name="ranking_rows",
        verbose_name=_("season"),
    )
    kind = models.CharField(_("ranking"), max_length=8, choices=RankingKind.choices)
    player = models.ForeignKey(
        "scwu.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    club = models.ForeignKey(
        "scwu.Club", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    place = models.PositiveIntegerField(_("place"))
    is_shared = models.BooleanField(_("shared place"), default=False)
    points = models.DecimalField(_("points"), max_digits=10, decimal_places=2)
    tournaments = models.PositiveSmallIntegerField(_("tournaments"), default=0)
    wins = models.PositiveSmallIntegerField(_("wins"), default=0)
    best_result = models.DecimalField(_("best result"), max_digits=8, decimal_places=2, default=0)
    computed_at = models.DateTimeField(_("computed at"), auto_now=True)

    class Meta:
        ordering = ["season", "kind", "place"]
        verbose_name = _("season ranking row")
        verbose_name_plural = _("season ranking rows")
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(kind="players", player__isnull=False, club__isnull=True)
                    | models.Q(kind="clubs", club__isnull=False, player__isnull=True)
                ),
                name="seasonranking_subject",
            ),
            models.UniqueConstraint(
                fields=["season", "player"],
                condition=models.Q(kind="players"),
                name="seasonranking_player_once",
            ),
            models.UniqueConstraint(
                fields=["season", "club"],
                condition=models.Q(kind="clubs"),
                name="seasonranking_club_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season} {self.kind} {self.place}."
