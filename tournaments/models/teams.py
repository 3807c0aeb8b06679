from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.standings.team_rules import TeamRule


class TeamMode(models.TextChoices):
    """Whether a tournament has teams, and what their classification is."""

    OFF = "off", _("no teams")
    TEAM_EVENT = "team_event", _("a team event: the teams' classification is the headline")
    BESIDE = "beside", _("a team competition beside the individual classification")


_TEAM_RULE_LABELS = {
    TeamRule.SUCCESS_RATE: _(
        "combined success rate (deals not lost over deals played, summed over the members)"
    ),
    TeamRule.RANKING_POINTS: _("the sum of the members' ranking points"),
    TeamRule.PLACES: _("the sum of the members' places (fewer is better)"),
}
TEAM_RULE_CHOICES = [(rule.value, _TEAM_RULE_LABELS[rule]) for rule in TeamRule]
DEFAULT_TEAM_SIZE = 3
TEAM_SIZE_MIN, TEAM_SIZE_MAX = 2, 6


class Team(models.Model):
    """A club's named team in one tournament."""

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="teams",
        verbose_name=_("tournament"),
    )
    club = models.ForeignKey(
        "scwu.Club", on_delete=models.PROTECT, related_name="teams", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=80)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_once"),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player's place in a team: the entry makes a player one team's at most per tournament."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="members", verbose_name=_("team")
    )
    entry = models.OneToOneField(
        "tournaments.Entry",
        on_delete=models.CASCADE,
        related_name="team_member",
        verbose_name=_("entry"),
    )
    is_substitute = models.BooleanField(_("the team's substitute"), default=False)

    class Meta:
        ordering = ["team", "is_substitute", "entry__player__nickname_key"]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")

    def __str__(self) -> str:
        return f"{self.entry.player} ({self.team})"


class TeamPlacing(models.Model):
    """A team's line in the team classification, as last computed (written with the placings)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="team_placings",
        verbose_name=_("tournament"),
    )
    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, related_name="placing", verbose_name=_("team")
    )
    place = models.PositiveIntegerField(_("place"), null=True, blank=True)
    is_shared = models.BooleanField(_("shared place"), default=False)
    deals_played = models.PositiveIntegerField(_("deals played"), default=0)
    deals_lost = models.PositiveIntegerField(_("deals lost"), default=0)
    member_points = models.DecimalField(
        _("members' ranking points"), max_digits=10, decimal_places=2, default=0
    )
    places_sum = models.PositiveIntegerField(_("sum of places"), null=True, blank=True)
    best_place = models.PositiveIntegerField(_("best member's place"), null=True, blank=True)
    placky = models.PositiveSmallIntegerField(_("placky"), default=0)
    points = models.DecimalField(
        _("team ranking points"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    version = models.PositiveIntegerField(_("results version"), default=0)

    class Meta:
        ordering = ["tournament", models.F("place").asc(nulls_last=True), "team__name"]
        verbose_name = _("team placing")
        verbose_name_plural = _("team placings")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(deals_lost__lte=models.F("deals_played")),
                name="teamplacing_lost_le_played",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.place or '-'}. {self.team}"


class CategoryTeamPoints(models.Model):
    """Ranking points a team earns by its place, per category (a federation setting).

    A category without rows awards teams nothing; with rows, a team's points go to its club
    in the season's club ranking.
    """

    category = models.ForeignKey(
        "tournaments.Category",
        on_delete=models.CASCADE,
        related_name="team_points",
        verbose_name=_("category"),
    )
    place = models.PositiveIntegerField(_("place"))
    points = models.PositiveIntegerField(_("points"))

    class Meta:
        ordering = ["category", "place"]
        verbose_name = _("team ranking points")
        verbose_name_plural = _("team ranking points")
        constraints = [
            models.UniqueConstraint(fields=["category", "place"], name="team_points_place_once"),
            models.CheckConstraint(
                condition=models.Q(place__gte=1), name="team_points_place_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.category} {self.place}: {self.points}"
