"""The commission's word register: proposal, review with quorum and veto, retirement."""

from __future__ import annotations

import unicodedata

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scwu.broker import task_send
from scwu.models import CommissionMember, PlayingWord, WordReview
from scwu.models.commission import WORD_MAX_LETTERS, WORD_MIN_LETTERS, Verdict, WordStatus
from scwu.models.people import NotificationKind
from scwu.models.players import nickname_key
from scwu.roles import AnyUser, Role, require_role
from scwu.services.mail import site_reverse
from scwu.services.notifications import notify

#: Emails the commission that a word waits for their review (``scwu/tasks.py``).
WORD_REVIEW_TASK = "people.notify_word_review"


def word_letters_normal(letters: str) -> str:
    """The letters players collect, as every game counts them: NFC, upper case, no spaces.

    The one normalisation of a word's letters: the register stores them so, and the
    scorekeeping and online games take them through here.

    >>> word_letters_normal(" flick ")
    'FLICK'
    """
    return unicodedata.normalize("NFC", "".join(letters.split())).upper()


def word_letters_clean(letters: str) -> str:
    """The normal letters of a proposed word (:func:`word_letters_normal`), checked:
    Unicode letters only, with no space between them.

    >>> word_letters_clean(" flick ")
    'FLICK'
    """
    value = word_letters_normal(letters)
    if not value or len(letters.split()) > 1 or not all(ch.isalpha() for ch in value):
        raise ValidationError(
            {
                "letters": [
                    _("The letters of a word must be letters only: no digits, spaces or signs.")
                ]
            },
            code="not_letters",
        )
    if not WORD_MIN_LETTERS <= len(value) <= WORD_MAX_LETTERS:
        raise ValidationError(
            {
                "letters": [
                    _("A word has from %(min)d to %(max)d letters; this one has %(n)d.")
                    % {"min": WORD_MIN_LETTERS, "max": WORD_MAX_LETTERS, "n": len(value)}
                ]
            },
            code="length",
        )
    return value


def word_quorum() -> int:
    return int(settings.SCWU_WORD_REVIEW_QUORUM)


@transaction.atomic
def theme_canonical(theme: str) -> str:
    """A theme as the register already spells it: "detectives" joins "Detectives".

    Themes are compared without case and extra spaces; a new theme keeps the proposer's spelling.
    """
    cleaned = " ".join(theme.split())
    if not cleaned:
        return ""
    known = (
        PlayingWord.objects.filter(theme__iexact=cleaned)
        .order_by("proposed_at")
        .values_list("theme", flat=True)
        .first()
    )
    return known or cleaned


def letters_match_label(label: str, letters: str) -> bool:
    """Whether the label shows the letters players collect (no case, no diacritics).

    >>> letters_match_label("Herr Flick", "FLICK"), letters_match_label("Columbo", "KOJAK")
    (True, False)
    """
    shown = "".join(ch for ch in nickname_key(label).upper() if ch.isalpha())
    wanted = "".join(ch for ch in nickname_key(letters).upper() if ch.isalpha())
    return not label.strip() or wanted in shown


def word_propose(
    *, by: AnyUser | None, label: str, letters: str, language: str, theme: str = ""
) -> PlayingWord:
    """Anyone signed in may propose a word; the commission decides."""
    if by is None or not by.is_authenticated:
        raise ValidationError({"by": [_("Sign in to propose a word.")]}, code="anonymous")
    clean = word_letters_clean(letters)
    label = label.strip() or clean
    theme = theme_canonical(theme)
    clash = PlayingWord.objects.filter(
        letters=clean, theme=theme, status__in=[WordStatus.PROPOSED, WordStatus.APPROVED]
    ).exists()
    if clash:
        raise ValidationError(
            {
                "letters": [
                    _("%(letters)s is already proposed or approved in this theme.")
                    % {"letters": clean}
                ]
            },
            code="duplicate",
        )
    word = PlayingWord(
        label=label,
        letters=clean,
        language=language,
        theme=theme,
        proposed_by=by,  # type: ignore[misc]  # an authenticated user is a User
    )
    word.full_clean()
    word.save()
    word_id = word.pk
    transaction.on_commit(lambda: task_send(WORD_REVIEW_TASK, word_id))
    return word


def word_review_refusal(user: AnyUser | None, word: PlayingWord) -> ValidationError | None:
    """Why ``user``, who holds the commission's role, may not review ``word`` now (``None``:
    they may). The review service refuses by it and the word's page asks it before showing
    the review form, so a member is never offered a form the service would refuse."""
    member = _active_member(user)
    if member is None:
        # A superuser passes the role check but only real members may cast a verdict.
        return ValidationError(
            {"member": [_("Only active commission members may review words.")]},
            code="not_member",
        )
    if word.status != WordStatus.PROPOSED:
        return ValidationError(
            {
                "word": [
                    _("This word is already %(status)s; it takes no more reviews.")
                    % {"status": word.get_status_display()}
                ]
            },
            code="decided",
        )
    if word.proposed_by_id is not None and word.proposed_by_id == member.user_id:
        return ValidationError(
            {"word": [_("You proposed this word: the other members decide it.")]},
            code="own_proposal",
        )
    if WordReview.objects.filter(word=word, member=member).exists():
        return ValidationError(
            {"word": [_("You have already reviewed this word.")]}, code="already_reviewed"
        )
    return None


def _active_member(user: AnyUser | None) -> CommissionMember | None:
    if user is None or not user.is_authenticated:
        return None
    return CommissionMember.objects.filter(user=user, active=True).first()  # type: ignore[misc]


@transaction.atomic
def word_review(
    *, by: AnyUser | None, word: PlayingWord, verdict: str, reason: str = ""
) -> WordReview:
    """Record one member's verdict and decide the word when the rule says so.

    A veto rejects at once. The word is approved when ``quorum`` members approved and nobody
    vetoed; it is rejected when the remaining active members can no longer reach the quorum.
    """
    require_role(by, Role.COMMISSION)
    word = PlayingWord.objects.select_for_update(no_key=True).get(pk=word.pk)
    refusal = word_review_refusal(by, word)
    if refusal is not None:
        raise refusal
    member = _active_member(by)
    assert member is not None  # word_review_refusal refuses anyone else
    if verdict not in Verdict.values:
        raise ValidationError({"verdict": [_("Unknown verdict.")]}, code="invalid")
    if verdict in (Verdict.REJECT, Verdict.VETO) and not reason.strip():
        raise ValidationError(
            {"reason": [_("A rejection or veto needs a reason.")]}, code="required"
        )
    review = WordReview.objects.create(
        word=word, member=member, verdict=verdict, reason=reason.strip()
    )
    _word_decide(word)
    return review


def _word_decide(word: PlayingWord) -> None:
    verdicts = list(word.reviews.values_list("verdict", flat=True))
    approvals = verdicts.count(Verdict.APPROVE)
    quorum = word_quorum()
    # The proposer, if a member, does not review their own word: not a possible vote.
    members = CommissionMember.objects.filter(active=True)
    if word.proposed_by_id is not None:
        members = members.exclude(user_id=word.proposed_by_id)
    active = members.count()
    undecided_members = active - len(verdicts)
    if Verdict.VETO in verdicts:
        word.status = WordStatus.REJECTED
    elif approvals >= quorum:
        word.status = WordStatus.APPROVED
    elif approvals + max(undecided_members, 0) < quorum:
        word.status = WordStatus.REJECTED
    else:
        return
    word.decided_at = timezone.now()
    word.save(update_fields=["status", "decided_at"])


@transaction.atomic
def word_retire(*, by: AnyUser | None, word: PlayingWord) -> PlayingWord:
    require_role(by, Role.ADMINISTRATOR, Role.COMMISSION)
    if word.status != WordStatus.APPROVED:
        raise ValidationError(
            {"word": [_("Only an approved word can be retired.")]}, code="not_approved"
        )
    word.status = WordStatus.RETIRED
    word.save(update_fields=["status"])
    return word


def word_assert_usable(word: PlayingWord, *, field: str = "word") -> None:
    """Only words the commission approved may be used in SCWU competitions."""
    if word.status != WordStatus.APPROVED:
        raise ValidationError(
            {
                field: [
                    _("%(word)s is not approved by the commission (it is %(status)s).")
                    % {"word": word.label, "status": word.get_status_display()}
                ]
            },
            code="unapproved_word",
        )


def word_review_notify(word_id: int) -> int:
    """Email every active member who may review a proposed word (not its proposer)."""
    word = PlayingWord.objects.filter(pk=word_id, status=WordStatus.PROPOSED).first()
    if word is None:
        return 0
    members = (
        CommissionMember.objects.filter(active=True)
        .exclude(user_id=word.proposed_by_id or 0)
        .exclude(reviews__word=word)
        .select_related("user")
    )
    context = {"word": word, "word_url": site_reverse("word-detail", word.pk)}
    subject, subject_params = (
        gettext_lazy("A playing word waits for your review: %(label)s"),
        {"label": word.label},
    )
    return sum(
        notify(
            m.user,
            NotificationKind.WORD_REVIEW,
            subject=subject,
            subject_params=subject_params,
            template="word_review",
            context=context,
        )
        for m in members
    )
