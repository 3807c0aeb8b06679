"""What a Smoke table said, as rows: the session, its participants, and each hand.

Tallies are never stored: they are recomputed from the hands by the engine's tally
sheet (``selectors.smoke_sheet``). Only ``status`` and ``winner`` are cached on the
session, for listing; the services keep them in step with the hands.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine.smoke.rules import DEFAULT_RULES, SmokeRules

HAND_SIZE = DEFAULT_RULES.hand_size


class SessionStatus(models.TextChoices):
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")


class SmokeSession(models.Model):
    """An evening of Smoke: a table of 3 to 7 participants playing down from 10 to 0."""

    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    club = models.ForeignKey(
        "scwu.Club",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="smoke_sessions",
        verbose_name=_("club"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="smoke_sessions",
        verbose_name=_("scorekeeper"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    first_dealer = models.PositiveSmallIntegerField(
        _("first distributor (seat)"), help_text=_("Seat number, from 0, in seating order.")
    )
    # House rules, agreed before play starts (SM-0); the fields of engine.smoke.SmokeRules.
    start = models.PositiveSmallIntegerField(_("start tally"), default=DEFAULT_RULES.start)
    box = models.PositiveSmallIntegerField(_("in the box at or below"), default=DEFAULT_RULES.box)
    max_sits = models.PositiveSmallIntegerField(
        _("sits in a row allowed"), default=DEFAULT_RULES.max_sits
    )
    penalty = models.PositiveSmallIntegerField(
        _("pickup per infraction"), default=DEFAULT_RULES.penalty
    )
    blank = models.PositiveSmallIntegerField(
        _("pickup for a stayer with no trick"), default=DEFAULT_RULES.blank
    )
    # Cached from the hands for listing; services recompute both after every write.
    status = models.CharField(
        _("status"), max_length=10, choices=SessionStatus.choices, default=SessionStatus.RUNNING
    )
    winner = models.ForeignKey(
        "smoke.SmokeParticipant",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("winner"),
    )

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("Smoke session")
        verbose_name_plural = _("Smoke sessions")
        constraints = [
            models.CheckConstraint(condition=models.Q(start__gte=1), name="smoke_start_positive"),
            models.CheckConstraint(
                condition=models.Q(box__lt=models.F("start")), name="smoke_box_below_start"
            ),
            models.CheckConstraint(condition=models.Q(max_sits__gte=1), name="smoke_sits_allowed"),
            models.CheckConstraint(
                condition=models.Q(status=SessionStatus.RUNNING, winner__isnull=True)
                | models.Q(status=SessionStatus.FINISHED, winner__isnull=False),
                name="smoke_finished_has_winner",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> SmokeRules:
        """The session's house rules as the engine's rules object."""
        return SmokeRules(
            start=self.start,
            box=self.box,
            max_sits=self.max_sits,
            penalty=self.penalty,
            blank=self.blank,
        )

    @property
    def is_running(self) -> bool:
        return self.status == SessionStatus.RUNNING


class SmokeParticipant(models.Model):
    """A participant in seating order (clockwise); optionally a registered player."""

    session = models.ForeignKey(
        SmokeSession,
        on_delete=models.CASCADE,
        related_name="participants",
        verbose_name=_("session"),
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    name = models.CharField(_("name"), max_length=40)
    player = models.ForeignKey(
        "scwu.Player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="smoke_participations",
        verbose_name=_("player"),
    )

    class Meta:
        ordering = ["session", "seat"]
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="smoke_participant_seat"),
            models.UniqueConstraint(fields=["session", "name"], name="smoke_participant_name"),
            models.CheckConstraint(
                condition=~models.Q(name=""), name="smoke_participant_name_not_blank"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class SmokeHand(models.Model):
    """One hand as the table reported it (checked by the engine before it was written)."""

    session = models.ForeignKey(
        SmokeSession, on_delete=models.CASCADE, related_name="hands", verbose_name=_("session")
    )
    number = models.PositiveIntegerField(_("number"))
    dealer = models.ForeignKey(
        SmokeParticipant,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("distributor"),
    )
    first_trick = models.ForeignKey(
        SmokeParticipant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("took the first trick"),
    )
    first_out = models.ForeignKey(
        SmokeParticipant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("first to reach zero"),
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="smoke_hand_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="smoke_hand_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.session} #{self.number}"


class SmokeHandSeat(models.Model):
    """Each participant's part in a hand: stayed (with tricks taken) or sat."""

    hand = models.ForeignKey(
        SmokeHand, on_delete=models.CASCADE, related_name="seats", verbose_name=_("hand")
    )
    participant = models.ForeignKey(
        SmokeParticipant, on_delete=models.PROTECT, related_name="+", verbose_name=_("participant")
    )
    stayed = models.BooleanField(_("stayed"))
    tricks = models.PositiveSmallIntegerField(_("tricks"), default=0)

    class Meta:
        ordering = ["hand", "participant__seat"]
        verbose_name = _("seat in a hand")
        verbose_name_plural = _("seats in a hand")
        constraints = [
            models.UniqueConstraint(fields=["hand", "participant"], name="smoke_hand_seat_once"),
            models.CheckConstraint(
                condition=models.Q(stayed=True) | models.Q(tricks=0),
                name="smoke_sitter_takes_no_trick",
            ),
            models.CheckConstraint(
                condition=models.Q(tricks__lte=HAND_SIZE), name="smoke_tricks_in_hand"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant}: {self.tricks if self.stayed else 'sat'}"


class SmokeInfraction(models.Model):
    """Five up: a renege, a play out of turn, a card word at the table, ..."""

    hand = models.ForeignKey(
        SmokeHand, on_delete=models.CASCADE, related_name="infractions", verbose_name=_("hand")
    )
    participant = models.ForeignKey(
        SmokeParticipant, on_delete=models.PROTECT, related_name="+", verbose_name=_("who")
    )
    what = models.CharField(_("what"), max_length=120, default="infraction")

    class Meta:
        ordering = ["hand", "id"]
        verbose_name = _("infraction")
        verbose_name_plural = _("infractions")

    def __str__(self) -> str:
        return f"{self.participant}: {self.what}"
