"""Online tables: the game row (seed + actions is the whole truth), its seats and its chat."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

SEAT_LETTERS = "ABCD"


class OnlineStatus(models.TextChoices):
    OPEN = "open", _("waiting for players")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")


class BotLevel(models.TextChoices):
    """How well the engine's bots play: the heuristic, the card counter, the search."""

    EASY = "easy", _("easy")
    MEDIUM = "medium", _("medium")
    HARD = "hard", _("hard")


class OnlineGame(models.Model):
    """One online game of four seats. Its state is never stored: it is the engine's replay
    of ``seed`` and ``actions`` (one JSON action with its seat per applied action), so a
    restart loses nothing and ``version`` (the number of actions) orders every change."""

    table = models.OneToOneField(
        "tournaments.Table",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="online_game",
        verbose_name=_("table"),
        help_text=_("Empty for a practice game, which is never scored."),
    )
    word_label = models.CharField(_("playing word"), max_length=60)
    word_letters = models.CharField(_("letters"), max_length=30)
    ruleset = models.JSONField(_("ruleset"), default=dict)
    seed = models.BigIntegerField(_("seed"))
    actions = models.JSONField(_("actions"), default=list, editable=False)
    version = models.PositiveIntegerField(_("version"), default=0, editable=False)
    #: Raised by every write of the seats: keys the seats a process keeps in memory.
    seats_version = models.PositiveIntegerField(default=0, editable=False)
    status = models.CharField(
        _("status"), max_length=10, choices=OnlineStatus.choices, default=OnlineStatus.OPEN
    )
    seconds_per_action = models.PositiveSmallIntegerField(_("seconds per action"), default=30)
    grace_seconds = models.PositiveSmallIntegerField(_("grace seconds"), default=30)
    #: When the seat to move runs out of time (``None``: no clock running).
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    in_grace = models.BooleanField(_("in the grace period"), default=False)
    #: A seat whose grace ran out: at a tournament table the director decides (bot or
    #: wait); a practice game pauses until that seat's player is back.
    waiting_for_director = models.CharField(max_length=1, blank=True)
    bot_level = models.CharField(
        _("bot level"), max_length=6, choices=BotLevel.choices, default=BotLevel.MEDIUM
    )
    #: Seats a bot played for during the current deal (marked on the deal's record).
    deal_takeovers = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("online game")
        verbose_name_plural = _("online games")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=OnlineStatus.values), name="online_game_status"
            ),
            models.CheckConstraint(
                condition=models.Q(seconds_per_action__gte=5), name="online_game_clock_min"
            ),
            models.CheckConstraint(
                condition=models.Q(bot_level__in=BotLevel.values), name="online_game_bot_level"
            ),
        ]
        indexes = [models.Index(fields=["status", "deadline"], name="online_game_clock")]

    def __str__(self) -> str:
        return f"{self.word_label} #{self.pk}"

    @property
    def is_practice(self) -> bool:
        return self.table_id is None


class OnlineSeat(models.Model):
    """A seat at an online table: a user, a bot, or empty (waiting for a player)."""

    game = models.ForeignKey(
        OnlineGame, on_delete=models.CASCADE, related_name="seats", verbose_name=_("game")
    )
    seat = models.CharField(_("seat"), max_length=1)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="online_seats",
        verbose_name=_("player"),
    )
    is_bot = models.BooleanField(_("bot"), default=False)
    connected = models.BooleanField(_("connected"), default=False)
    #: Open WebSockets of the seat's user (two tabs: 2); ``connected`` is ``connections > 0``.
    connections = models.PositiveIntegerField(_("open connections"), default=0, editable=False)
    #: When a process last vouched for those connections (its heartbeat): a seat left
    #: ``connected`` by a process that died expires after ``SCWU_PRESENCE_TTL`` seconds.
    seen_at = models.DateTimeField(_("last seen"), null=True, blank=True, editable=False)
    #: A bot plays for the absent human (after the grace period, or the director's decision).
    bot_takeover = models.BooleanField(_("bot took over"), default=False)
    muted = models.BooleanField(_("muted in the chat"), default=False)

    class Meta:
        ordering = ["game", "seat"]
        verbose_name = _("online seat")
        verbose_name_plural = _("online seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="online_seat_once"),
            models.CheckConstraint(
                condition=models.Q(seat__in=list(SEAT_LETTERS)), name="online_seat_letter"
            ),
            models.CheckConstraint(
                condition=~(models.Q(is_bot=True) & models.Q(user__isnull=False)),
                name="online_seat_bot_or_user",
            ),
        ]
        # The presence sweep's worklist: seats someone is (or was left) connected to.
        indexes = [
            models.Index(
                fields=["seen_at"],
                condition=models.Q(connections__gt=0),
                name="online_seat_present",
            )
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.seat}"

    @property
    def is_filled(self) -> bool:
        return self.is_bot or self.user_id is not None

    @property
    def plays_by_bot(self) -> bool:
        return self.is_bot or self.bot_takeover


class OnlineChat(models.Model):
    game = models.ForeignKey(
        OnlineGame, on_delete=models.CASCADE, related_name="chat", verbose_name=_("game")
    )
    seat = models.CharField(_("seat"), max_length=1, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    text = models.CharField(_("text"), max_length=300)
    hidden = models.BooleanField(_("hidden"), default=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["game", "pk"]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")

    def __str__(self) -> str:
        return self.text[:40]
