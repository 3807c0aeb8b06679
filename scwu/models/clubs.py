from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from scwu.security.uploads import uploaded_image_field

ELITE_ROSTER_MAX = 6


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=140, unique=True)
    country = models.ForeignKey(
        "scwu.Country", on_delete=models.PROTECT, related_name="clubs", verbose_name=_("country")
    )
    captain = models.ForeignKey(
        "scwu.Player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="captained_clubs",
        verbose_name=_("captain"),
    )
    founded = models.DateField(_("founded"), null=True, blank=True)
    logo = uploaded_image_field(_("logo"), upload_to="clubs/logos/")

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = [models.UniqueConstraint(Lower("name"), name="club_name_unique_ci")]

    def __str__(self) -> str:
        return self.name


class EliteRoster(models.Model):
    """An elite club's roster for one season (a calendar year): up to six players."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="elite_rosters", verbose_name=_("club")
    )
    season = models.PositiveIntegerField(_("season"))
    players = models.ManyToManyField(
        "scwu.Player", blank=True, related_name="elite_rosters", verbose_name=_("players")
    )

    class Meta:
        ordering = ["-season", "club__name"]
        verbose_name = _("elite roster")
        verbose_name_plural = _("elite rosters")
        constraints = [
            models.UniqueConstraint(fields=["club", "season"], name="elite_roster_once_per_season"),
            models.CheckConstraint(
                condition=models.Q(season__gte=1900) & models.Q(season__lte=2999),
                name="elite_roster_season_year",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.season}"
