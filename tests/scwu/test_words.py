from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import override_settings

from scwu.models import PlayingWord, WordReview
from scwu.models.commission import WordStatus
from scwu.services.words import word_assert_usable, word_propose, word_retire, word_review
from tests.factories import CommissionMemberFactory, PlayingWordFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def members() -> list[User]:
    return [CommissionMemberFactory(user=UserFactory(username=f"cm{i}")).user for i in range(5)]


def test_propose_normalises_letters(plain_user: User) -> None:
    word = word_propose(by=plain_user, label="Herr flick", letters=" flick ", language="de")
    assert (word.letters, word.label, word.status) == ("FLICK", "Herr flick", WordStatus.PROPOSED)


@pytest.mark.parametrize("letters", ["FL1CK", "HERR FLICK", "A", "X" * 21, "TON-DA", ""])
def test_letters_must_be_2_to_20_letters_only(plain_user: User, letters: str) -> None:
    with pytest.raises(ValidationError) as err:
        word_propose(by=plain_user, label="x", letters=letters, language="cs")
    assert "letters" in err.value.message_dict
    assert not PlayingWord.objects.exists()


def test_letters_of_any_script_are_accepted(plain_user: User) -> None:
    assert (
        word_propose(by=plain_user, label="", letters="гарфилд", language="ru").letters == "ГАРФИЛД"
    )


@override_settings(SCWU_WORD_REVIEW_QUORUM=3)
def test_word_is_approved_at_quorum(members: list[User]) -> None:
    word = word_propose(by=UserFactory(), label="TONDA", letters="TONDA", language="cs")
    for user in members[:2]:
        word_review(by=user, word=word, verdict="approve")
    word.refresh_from_db()
    assert word.status == WordStatus.PROPOSED
    word_review(by=members[2], word=word, verdict="approve")
    word.refresh_from_db()
    assert word.status == WordStatus.APPROVED and word.decided_at is not None


@override_settings(SCWU_WORD_REVIEW_QUORUM=3)
def test_a_veto_rejects_even_after_approvals(members: list[User]) -> None:
    word = word_propose(by=UserFactory(), label="X", letters="KOCKA", language="cs")
    word_review(by=members[0], word=word, verdict="approve")
    word_review(by=members[1], word=word, verdict="veto", reason="Offensive in Slovak.")
    word.refresh_from_db()
    assert word.status == WordStatus.REJECTED


@override_settings(SCWU_WORD_REVIEW_QUORUM=3)
def test_rejected_when_quorum_can_no_longer_be_reached(members: list[User]) -> None:
    word = word_propose(by=UserFactory(), label="X", letters="LABE", language="cs")
    for user in members[:3]:
        word_review(by=user, word=word, verdict="reject", reason="Too short.")
    word.refresh_from_db()
    assert word.status == WordStatus.REJECTED  # 2 members left cannot make 3 approvals


def test_reviewing_twice_is_refused(members: list[User]) -> None:
    word = word_propose(by=UserFactory(), label="X", letters="VLTAVA", language="cs")
    word_review(by=members[0], word=word, verdict="approve")
    with pytest.raises(ValidationError) as err:
        word_review(by=members[0], word=word, verdict="approve")
    assert "word" in err.value.message_dict
    assert WordReview.objects.filter(word=word).count() == 1


def test_non_member_cannot_review(members: list[User], plain_user: User) -> None:
    word = word_propose(by=UserFactory(), label="X", letters="MORAVA", language="cs")
    with pytest.raises(PermissionDenied):
        word_review(by=plain_user, word=word, verdict="approve")
    assert not WordReview.objects.exists()


def test_reject_needs_a_reason(members: list[User]) -> None:
    word = word_propose(by=UserFactory(), label="X", letters="DUNAJ", language="cs")
    with pytest.raises(ValidationError) as err:
        word_review(by=members[0], word=word, verdict="reject")
    assert "reason" in err.value.message_dict


def test_only_approved_words_are_usable(admin_user: User) -> None:
    approved = PlayingWordFactory(status=WordStatus.APPROVED)
    word_assert_usable(approved)
    for status in (WordStatus.PROPOSED, WordStatus.REJECTED):
        with pytest.raises(ValidationError):
            word_assert_usable(PlayingWordFactory(status=status))
    word_retire(by=admin_user, word=approved)
    with pytest.raises(ValidationError):
        word_assert_usable(approved)


def test_database_refuses_a_word_of_one_letter() -> None:
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        PlayingWord.objects.create(label="A", letters="A", theme="t")


@pytest.mark.django_db
def test_theme_case_variants_merge_in_the_migration_without_breaking_uniqueness() -> None:
    import importlib

    from django.apps import apps

    merge = importlib.import_module("scwu.migrations.0004_merge_word_theme_case_variants").merge
    first = PlayingWordFactory(letters="FLICK", theme="Detectives")
    variant = PlayingWordFactory(letters="KOJAK", theme="detectives ")
    clash = PlayingWordFactory(letters="FLICK", theme="DETECTIVES", status="proposed")
    merge(apps, None)
    for word in (first, variant, clash):
        word.refresh_from_db()
    assert first.theme == variant.theme == "Detectives"
    assert clash.theme == "DETECTIVES"  # FLICK is live in "Detectives" already: left alone
