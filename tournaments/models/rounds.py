from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from tournaments.pairing import Method

POSITIONS = "ABCDEF"


class RoundStage(models.TextChoices):
    BASIC = "basic", _("basic round")
    PLAYOFF = "playoff", _("play-off")
    SEMIFINAL = "semifinal", _("semi-final")
    SMALL_FINAL = "small_final", _("small final")
    FINAL = "final", _("final")


class RoundStatus(models.TextChoices):
    PLANNED = "planned", _("planned")
    DRAWING = "drawing", _("drawing")
    DRAFT = "draft", _("draft draw")
    PUBLISHED = "published", _("published")
    FINISHED = "finished", _("finished")


class PlackaModeChoice(models.TextChoices):
    """The ledger's placka modes (``engine.ledger.PlackaMode``, the rules' own) with the
    labels the site shows; ``tests/games/test_game_creation.py`` keeps the two equal."""

    UNTIL_FIRST_PLACKA = "until_first_placka", _("until the first placka")
    ELIMINATION = "elimination", _("seats leave one by one")


class DrawMethod(models.TextChoices):
    """The pairing's draw methods (``tournaments.pairing.Method``) with the site's labels;
    ``tests/tournaments/test_draw_methods.py`` keeps the two equal."""

    RANDOM = Method.RANDOM.value, _("random, avoiding repeated tablemates")
    STANDINGS = Method.STANDINGS.value, _("by standings, avoiding repeats")
    SEEDED_FINAL = Method.SEEDED_FINAL.value, _("seeded final table")
    MANUAL = Method.MANUAL.value, _("manual")
    RATING = Method.RATING.value, _("random, tables balanced by rating")


def drawn_method_choices() -> list[tuple[str, StrOrPromise]]:
    """The methods the site draws by itself: all but manual, which a director enters."""
    return [c for c in DrawMethod.choices if c[0] != DrawMethod.MANUAL]


def _drawn_method_refusal() -> str:
    methods = "; ".join(str(label) for _value, label in drawn_method_choices())
    return gettext("Choose one of: %(methods)s; a manual draw is entered.") % {"methods": methods}


#: The refusal of a method the site does not draw, naming every one it does (the service,
#: the API and the form say the same, in the language of the request).
drawn_method_refusal = lazy(_drawn_method_refusal, str)


class Round(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        related_name="rounds",
        verbose_name=_("tournament"),
    )
    number = models.PositiveSmallIntegerField(_("number"))
    #: A league's night (its date); the rounds of one date make one night.
    night = models.DateField(_("league night"), null=True, blank=True)
    stage = models.CharField(
        _("stage"), max_length=12, choices=RoundStage.choices, default=RoundStage.BASIC
    )
    word = models.ForeignKey(
        "scwu.PlayingWord",
        on_delete=models.PROTECT,
        related_name="rounds",
        verbose_name=_("playing word"),
        limit_choices_to={"status": "approved"},
    )
    planned_word = models.ForeignKey(
        "scwu.PlayingWord",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("planned word"),
        help_text=_("The word planned before a smaller field made it one letter longer."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=RoundStatus.choices, default=RoundStatus.PLANNED
    )
    placka_mode = models.CharField(
        _("when a seat takes the placka"),
        max_length=20,
        choices=PlackaModeChoice.choices,
        default=PlackaModeChoice.UNTIL_FIRST_PLACKA,
    )
    first_place = models.PositiveSmallIntegerField(
        _("best place decided"),
        null=True,
        blank=True,
        help_text=_(
            "For a small final: the best place it decides (empty: the place after the "
            "finalists); a final decides the places from 1."
        ),
    )
    released = models.BooleanField(
        _("results released"),
        default=True,
        help_text=_("Off for a silent round: results are held back from the public."),
    )
    # The draw, stored with everything needed to reproduce and explain it.
    draw_method = models.CharField(
        _("draw method"), max_length=14, choices=DrawMethod.choices, default=DrawMethod.RANDOM
    )
    draw_seed = models.BigIntegerField(_("draw seed"), null=True, blank=True)
    draw_inputs = models.JSONField(_("draw inputs"), default=dict, blank=True)
    draw_report = models.JSONField(_("draw quality report"), default=dict, blank=True)
    draw_task_id = models.CharField(max_length=64, blank=True)
    draw_error = models.TextField(blank=True)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)

    class Meta:
        # Tables, seats, games and deals order through their round, so their default
        # ordering joins up to the tournament: a query that needs no order clears it.
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.get_stage_display()} {self.number}"


class TableKind(models.TextChoices):
    PHYSICAL = "physical", _("physical")
    ONLINE = "online", _("online")


class Table(models.Model):
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=40, blank=True)
    kind = models.CharField(
        _("kind"), max_length=8, choices=TableKind.choices, default=TableKind.PHYSICAL
    )
    line_judge = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="judged_tables",
        verbose_name=_("line judge"),
    )
    flags = models.JSONField(_("draw flags"), default=list, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once"),
        ]

    def __str__(self) -> str:
        return self.name or str(_("Table %(n)d") % {"n": self.number})


class TableSeat(models.Model):
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    position = models.CharField(_("position"), max_length=1)
    entry = models.ForeignKey(
        "tournaments.Entry",
        on_delete=models.PROTECT,
        related_name="seats",
        verbose_name=_("entry"),
    )

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_once"),
            models.UniqueConstraint(fields=["table", "entry"], name="seat_entry_once_per_table"),
            models.CheckConstraint(
                condition=models.Q(position__in=list(POSITIONS)), name="seat_position_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.position}: {self.entry.player}"
