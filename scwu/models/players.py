from __future__ import annotations

import unicodedata

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def nickname_key(nickname: str) -> str:
    """The form under which nicknames must be unique: no case, no diacritics, no extra spaces.

    >>> nickname_key("  Lumír ") == nickname_key("LUMIR")
    True
    """
    decomposed = unicodedata.normalize("NFKD", nickname.strip())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().split())


class Gender(models.TextChoices):
    FEMALE = "F", _("female")
    MALE = "M", _("male")
    OTHER = "X", _("other")


class Player(models.Model):
    nickname = models.CharField(_("nickname"), max_length=40)
    nickname_key = models.CharField(max_length=40, unique=True, editable=False)
    real_name = models.CharField(_("real name"), max_length=120, blank=True)
    # Nickname and real name as ``nickname_key`` folds them: the player search matches on it,
    # so "bo" finds "Bóža" and "novak" finds "Nováková" on SQLite and PostgreSQL alike.
    search_key = models.CharField(max_length=170, blank=True, default="", editable=False)
    gender = models.CharField(_("gender"), max_length=1, choices=Gender.choices, blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        verbose_name=_("user account"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["nickname_key"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(nickname_key=""), name="player_nickname_not_blank"
            )
        ]

    def __str__(self) -> str:
        return self.nickname

    def save(self, *args: object, **kwargs: object) -> None:
        # The key is a pure function of the nickname; keeping it in step here means no
        # write path can forget it, and the unique index then does the real work.
        self.nickname_key = nickname_key(self.nickname)
        self.search_key = nickname_key(f"{self.nickname} {self.real_name}")
        super().save(*args, **kwargs)  # type: ignore[arg-type]


class Membership(models.Model):
    """A player's membership of a club over a period; results keep the club at the time."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("player")
    )
    club = models.ForeignKey(
        "scwu.Club", on_delete=models.PROTECT, related_name="memberships", verbose_name=_("club")
    )
    start = models.DateField(_("from"))
    end = models.DateField(_("to"), null=True, blank=True)

    class Meta:
        ordering = ["player", "-start"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end__isnull=True) | models.Q(end__gte=models.F("start")),
                name="membership_end_after_start",
            ),
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(end__isnull=True),
                name="membership_one_open_per_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.club} ({self.start}–{self.end or ''})"
