from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Length
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# The length lookup lets the database itself refuse words of the wrong length.
models.CharField.register_lookup(Length)

WORD_MIN_LETTERS = 2
WORD_MAX_LETTERS = 20


class CommissionMember(models.Model):
    """A member of the commission that approves playing words and hears appeals."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="commission_membership",
        verbose_name=_("user"),
    )
    since = models.DateField(_("since"))
    active = models.BooleanField(_("active"), default=True)
    #: The chair invites new members (``scwu/services/invitations.py``).
    chair = models.BooleanField(_("chair"), default=False)

    class Meta:
        ordering = ["user__username"]
        verbose_name = _("commission member")
        verbose_name_plural = _("commission members")
        constraints = [
            models.UniqueConstraint(
                fields=["chair"], condition=models.Q(chair=True), name="commission_one_chair"
            )
        ]

    def __str__(self) -> str:
        return self.user.get_full_name() or self.user.get_username()


class WordStatus(models.TextChoices):
    PROPOSED = "proposed", _("proposed")
    APPROVED = "approved", _("approved")
    REJECTED = "rejected", _("rejected")
    RETIRED = "retired", _("retired")


#: The languages a playing word may be in, by code, named in the page's language.
WORD_LANGUAGES = [("cs", _("Czech")), ("en", _("English")), ("ru", _("Russian"))]


class PlayingWord(models.Model):
    """A playing word: the label shown (``Herr FLICK``) and the letters collected (``FLICK``)."""

    label = models.CharField(_("label"), max_length=60)
    letters = models.CharField(_("letters"), max_length=WORD_MAX_LETTERS)
    language = models.CharField(_("language"), max_length=8, default="cs")
    theme = models.CharField(_("theme"), max_length=80, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=WordStatus.choices, default=WordStatus.PROPOSED
    )
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="proposed_words",
        verbose_name=_("proposed by"),
    )
    proposed_at = models.DateTimeField(_("proposed at"), auto_now_add=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        ordering = ["theme", "letters"]
        verbose_name = _("playing word")
        verbose_name_plural = _("playing words")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=WordStatus.values), name="word_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(letters__length__gte=WORD_MIN_LETTERS)
                & models.Q(letters__length__lte=WORD_MAX_LETTERS),
                name="word_letters_length",
            ),
            models.UniqueConstraint(
                "letters",
                "theme",
                condition=~models.Q(status__in=["rejected", "retired"]),
                name="word_letters_unique_per_theme",
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def language_name(self) -> str:
        """The word's language by name ("Czech"), not its code."""
        return str(dict(WORD_LANGUAGES).get(self.language, self.language))

    @property
    def is_approved(self) -> bool:
        return self.status == WordStatus.APPROVED


class Verdict(models.TextChoices):
    """What a member picks (verbs: "approve")."""

    APPROVE = "approve", _("approve")
    REJECT = "reject", _("reject")
    VETO = "veto", _("veto")


#: A verdict once given, as the word's page lists the reviews: a state ("approved"), not the
#: verb the member picked; its own context, since "approved" is also a word's status.
VERDICT_GIVEN = {
    Verdict.APPROVE: pgettext_lazy("a review's verdict, given", "approved"),
    Verdict.REJECT: pgettext_lazy("a review's verdict, given", "rejected"),
    Verdict.VETO: pgettext_lazy("a review's verdict, given", "vetoed"),
}


class WordReview(models.Model):
    word = models.ForeignKey(
        PlayingWord, on_delete=models.CASCADE, related_name="reviews", verbose_name=_("word")
    )
    member = models.ForeignKey(
        CommissionMember,
        on_delete=models.PROTECT,
        related_name="reviews",
        verbose_name=_("member"),
    )
    verdict = models.CharField(_("verdict"), max_length=8, choices=Verdict.choices)
    reason = models.TextField(_("reason"), blank=True)
    created_at = models.DateTimeField(_("reviewed at"), auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        verbose_name = _("word review")
        verbose_name_plural = _("word reviews")
        constraints = [
            models.UniqueConstraint(fields=["word", "member"], name="review_once_per_member"),
            models.CheckConstraint(
                condition=models.Q(verdict__in=Verdict.values), name="review_verdict_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member}: {self.verdict} {self.word}"

    @property
    def verdict_label(self) -> str:
        """The verdict given, in the reader's language ("approved", Russian "одобрено")."""
        return str(VERDICT_GIVEN.get(Verdict(self.verdict), self.verdict))
