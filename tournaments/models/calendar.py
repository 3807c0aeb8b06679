from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.teams import TEAM_RULE_CHOICES
from tournaments.standings.team_rules import DEFAULT_TEAM_RULE

#: The years a season may be (the database's constraint; forms and the API state it too).
SEASON_YEAR_MIN, SEASON_YEAR_MAX = 1900, 2999


class Season(models.Model):
    """A season is a calendar year."""

    year = models.PositiveIntegerField(_("year"), unique=True)
    name = models.CharField(_("name"), max_length=60, blank=True)

    class Meta:
        ordering = ["-year"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(year__gte=SEASON_YEAR_MIN) & models.Q(year__lte=SEASON_YEAR_MAX),
                name="season_year",
            )
        ]

    def __str__(self) -> str:
        return self.name or str(self.year)


class Category(models.Model):
    """A category of tournaments with its ranking-points table (a federation setting)."""

    name = models.CharField(_("name"), max_length=60, unique=True)
    code = models.SlugField(_("code"), max_length=30, unique=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("category")
        verbose_name_plural = _("categories")

    def __str__(self) -> str:
        return self.name


class CategoryPoints(models.Model):
    category = models.ForeignKey(
        Category, on_delete=models.CASCADE, related_name="points", verbose_name=_("category")
    )
    place = models.PositiveIntegerField(_("place"))
    points = models.PositiveIntegerField(_("points"))

    class Meta:
        ordering = ["category", "place"]
        verbose_name = _("ranking points")
        verbose_name_plural = _("ranking points")
        constraints = [
            models.UniqueConstraint(fields=["category", "place"], name="points_place_once"),
            models.CheckConstraint(condition=models.Q(place__gte=1), name="points_place_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.category} {self.place}: {self.points}"


class Series(models.Model):
    """Nationals, Classic, the majors, Masters, GreenHorn, or any series the federation adds."""

    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    default_category = models.ForeignKey(
        Category,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="series",
        verbose_name=_("default category"),
    )
    is_team_event = models.BooleanField(_("team event"), default=False)
    team_rule = models.CharField(
        _("teams ranked by"),
        max_length=16,
        choices=TEAM_RULE_CHOICES,
        default=DEFAULT_TEAM_RULE.value,
        help_text=_("The default for the series' tournaments with teams."),
    )
    teams_from_elite_roster = models.BooleanField(
        _("team members come from the club's elite roster"),
        default=False,
        help_text=_("Off: from the club's members that season."),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self) -> str:
        return self.name
