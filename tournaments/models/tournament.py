from __future__ import annotations

import itertools

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine.table_rules import SitOutRule
from tournaments.models.teams import (
    DEFAULT_TEAM_SIZE,
    TEAM_RULE_CHOICES,
    TEAM_SIZE_MAX,
    TEAM_SIZE_MIN,
    TeamMode,
)
from tournaments.standings import (
    DEFAULT_PRECEDENCE,
    METRICS,
    UnknownMetricError,
    precedence_resolve,
)
from tournaments.standings.team_rules import DEFAULT_TEAM_RULE


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_PRECEDENCE)


def validate_tiebreaks(value: object) -> None:
    """A precedence the standings can rank by: names from their registry, none twice."""
    # Not code "invalid": the JSON field would put its own "Value must be valid JSON." there.
    known = ", ".join(sorted(METRICS))
    if not isinstance(value, list) or not value or not all(isinstance(n, str) for n in value):
        raise ValidationError(
            _("List one or more tie-breaks by name; known: %(known)s.") % {"known": known},
            code="tiebreaks",
        )
    unknown = [name for name in value if name not in METRICS]
    if unknown:
        raise ValidationError(
            _("Unknown tie-break %(names)s; known: %(known)s.")
            % {"names": ", ".join(unknown), "known": known},
            code="tiebreaks",
        )
    try:
        precedence_resolve(value)
    except UnknownMetricError:
        raise ValidationError(_("Name each tie-break once."), code="tiebreaks") from None


class TournamentStatus(models.TextChoices):
    DRAFT = "draft", _("draft")
    REGISTRATION = "registration", _("registration open")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")


class LongerWordRule(models.TextChoices):
    """What happens to the playing word when the field is smaller than planned."""

    OFF = "off", _("keep the planned words")
    AUTOMATIC = "automatic", _("an approved word one letter longer, same theme")
    DIRECTOR = "director", _("the director chooses")


# The rules are the engine's (engine/table_rules.py); the site only names them.
_SIT_OUT_LABELS = {
    SitOutRule.DEALER: _("the dealer sits out (at six also the seat to the dealer's right)"),
    SitOutRule.DEALER_AND_LEFT: _(
        "the dealer sits out (at six also the seat to the dealer's left)"
    ),
    SitOutRule.ROTATION: _("seats sit out in turn, clockwise, whoever deals"),
}
SIT_OUT_CHOICES = [(rule.value, _SIT_OUT_LABELS[rule]) for rule in SitOutRule]


class TournamentFormat(models.TextChoices):
    EVENT = "event", _("an event: basic rounds, then a final")
    LEAGUE = "league", _("a league: a season of club nights")


class LeagueScoring(models.TextChoices):
    """How a league table is sorted (the pure maths: ``tournaments.standings.league``)."""

    PLACEMENT_POINTS = "placement_points", _("placement points")
    SUCCESS_RATE = "success_rate", _("success rate")


#: Placement points at a table of four, best place first (tables of 5 and 6: see the help).
DEFAULT_LEAGUE_POINTS = [4, 3, 2, 1]


def default_league_points() -> list[int]:
    return list(DEFAULT_LEAGUE_POINTS)


def league_points_validate(value: object) -> None:
    """Four whole numbers, not negative, best place first and never rising."""
    if (
        not isinstance(value, list)
        or len(value) != 4
        or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in value)
        or any(a < b for a, b in itertools.pairwise(value))
    ):
        raise ValidationError(
            _("Give four whole numbers, best place first, none higher than the one before it."),
            code="league_points",
        )


class Tournament(models.Model):
    season = models.ForeignKey(
        "tournaments.Season",
        on_delete=models.PROTECT,
        related_name="tournaments",
        verbose_name=_("season"),
    )
    series = models.ForeignKey(
        "tournaments.Series",
        on_delete=models.PROTECT,
        related_name="tournaments",
        verbose_name=_("series"),
    )
    category = models.ForeignKey(
        "tournaments.Category",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("category"),
    )
    edition = models.PositiveIntegerField(_("edition"), default=1)
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=140, unique=True)
    start_date = models.DateField(_("starts"))
    end_date = models.DateField(_("ends"))
    venue = models.CharField(_("venue"), max_length=160, blank=True)
    host_clubs = models.ManyToManyField(
        "scwu.Club", blank=True, related_name="hosted_tournaments", verbose_name=_("host clubs")
    )
    theme = models.CharField(_("word theme"), max_length=80, blank=True)
    status = models.CharField(
        _("status"),
        max_length=16,
        choices=TournamentStatus.choices,
        default=TournamentStatus.DRAFT,
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="directed_tournaments",
        verbose_name=_("directors"),
    )
    head_referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="head_refereed_tournaments",
        verbose_name=_("head referee"),
    )
    line_judges = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="judged_tournaments",
        verbose_name=_("line judges"),
    )
    # Format.
    format = models.CharField(
        _("format"),
        max_length=8,
        choices=TournamentFormat.choices,
        default=TournamentFormat.EVENT,
        help_text=_("A league is a season of club nights: each night's draw seats who is there."),
    )
    league_scoring = models.CharField(
        _("league table sorted by"),
        max_length=16,
        choices=LeagueScoring.choices,
        default=LeagueScoring.PLACEMENT_POINTS,
    )
    league_points = models.JSONField(
        _("placement points at a table of four"),
        default=default_league_points,
        validators=[league_points_validate],
        help_text=_(
            "Best place first, e.g. 4-3-2-1. At a table of five or six the first and the last "
            "place earn the same as at a table of four and the places between are spread "
            "evenly (4, 3.25, 2.5, 1.75, 1 at five); tied players share their places' points."
        ),
    )
    basic_rounds = models.PositiveSmallIntegerField(_("basic rounds"), default=2)
    planned_field = models.PositiveIntegerField(_("planned field size"), null=True, blank=True)
    longer_word_rule = models.CharField(
        _("longer word when the field is small"),
        max_length=12,
        choices=LongerWordRule.choices,
        default=LongerWordRule.AUTOMATIC,
    )
    prefer_tables_of = models.PositiveSmallIntegerField(_("preferred table size"), default=4)
    has_semifinal = models.BooleanField(_("semi-final"), default=False)
    final_size = models.PositiveSmallIntegerField(_("final size"), default=6)
    has_small_final = models.BooleanField(_("small final"), default=False)
    small_final_size = models.PositiveSmallIntegerField(_("small final size"), default=6)
    final_last_places_by_success = models.BooleanField(
        _("last finalists placed by success rate in the final"), default=True
    )
    sit_out_rule = models.CharField(
        _("who sits out at tables of five or six"),
        max_length=16,
        choices=SIT_OUT_CHOICES,
        default=SitOutRule.DEALER.value,
    )
    # Engine ruleset options (RULES.md).
    rank_order = models.CharField(
        _("rank order"),
        max_length=8,
        default="standard",
        choices=[("standard", _("standard (A K Q J T)")), ("mariash", _("mariash (A T K Q J)"))],
    )
    early_end = models.BooleanField(_("early end at 17"), default=True)
    tie_without_hejma = models.CharField(
        _("tie without Hejma"),
        max_length=10,
        default="last_trick",
        choices=[
            ("last_trick", _("the last trick's taker loses")),
            ("both", _("both take a letter")),
        ],
    )
    tiebreaks = models.JSONField(
        _("tie-break precedence"), default=default_tiebreaks, validators=[validate_tiebreaks]
    )
    allow_bots = models.BooleanField(_("bots may sit at online tables"), default=False)
    # Off by default: one tap records a deal (the table page keeps "Undo last deal" at hand);
    # on, the line judge confirms each loser before it is recorded.
    confirm_deal_entry = models.BooleanField(
        _("line judges confirm each deal before it is recorded"),
        default=False,
        help_text=_("Off: one tap records a deal and “Undo last deal” corrects a slip."),
    )
    # Teams (tournaments/models/teams.py): off, a team event, or a team competition beside.
    team_mode = models.CharField(
        _("teams"), max_length=12, choices=TeamMode.choices, default=TeamMode.OFF
    )
    team_size = models.PositiveSmallIntegerField(
        _("players per team"),
        default=DEFAULT_TEAM_SIZE,
        help_text=_("Scoring members; a team may also name one substitute."),
    )
    team_rule = models.CharField(
        _("teams ranked by"),
        max_length=16,
        choices=TEAM_RULE_CHOICES,
        default=DEFAULT_TEAM_RULE.value,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=TournamentStatus.values), name="tournament_status"
            ),
            models.CheckConstraint(
                condition=models.Q(basic_rounds__gte=1), name="tournament_one_basic_round"
            ),
            models.CheckConstraint(
                condition=models.Q(final_size__gte=4)
                & models.Q(prefer_tables_of__gte=4)
                & models.Q(prefer_tables_of__lte=6),
                name="tournament_table_sizes",
            ),
            models.CheckConstraint(
                condition=models.Q(team_size__gte=TEAM_SIZE_MIN)
                & models.Q(team_size__lte=TEAM_SIZE_MAX),
                name="tournament_team_size",
            ),
            models.CheckConstraint(
                condition=models.Q(team_mode__in=TeamMode.values), name="tournament_team_mode"
            ),
        ]

    def __str__(self) -> str:
        return self.name
