"""Finding 4: the commission. A proposer's own approval does not count (they cannot review
their word); a commission member who is a party (seated, a director of the tournament, the
referee who ruled, the one who filed) cannot decide the appeal; an overturn that lifts a ban
is an explicit decision, recorded in the audit trail."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import override_settings

from games import services
from games.models import Appeal, AppealStatus, AuditAction, AuditEntry, DealEntry
from scwu.models import Ban, PlayingWord
from scwu.models.commission import WordStatus
from scwu.services.words import word_propose, word_review
from tests.factories import CommissionMemberFactory
from tests.games.conftest import Setup, make_setup

pytestmark = pytest.mark.django_db


@override_settings(SCWU_WORD_REVIEW_QUORUM=2)
def test_finding_04_a_proposer_cannot_approve_their_own_word() -> None:
    proposer, other = (CommissionMemberFactory().user for _ in range(2))
    word = word_propose(by=proposer, label="TONDA", letters="TONDA", language="cs")
    with pytest.raises(ValidationError) as err:
        word_review(by=proposer, word=word, verdict="approve")
    assert "word" in err.value.message_dict
    word_review(by=other, word=word, verdict="approve")
    # Two active members but only one who may vote: quorum 2 is out of reach.
    assert PlayingWord.objects.get().status == WordStatus.REJECTED


def _ban_ruling(s: Setup) -> Appeal:
    s.lose("B")
    deal = DealEntry.objects.get(game__table=s.table, number=1)
    ruling = services.ruling_make(
        by=s.head_referee, table=s.table, deal=deal, kind="B", offender="C",
        penalty="ban", intentional=True, reason="revoke",
    )  # fmt: skip
    return services.appeal_file(by=s.seated_user("C"), ruling=ruling, grounds="I followed suit")


def test_finding_04_a_party_on_the_commission_cannot_decide_the_appeal() -> None:
    s = make_setup()
    appeal = _ban_ruling(s)
    CommissionMemberFactory(user=s.director)  # the tournament's director sits on the commission
    seated = s.seated_user("D")
    CommissionMemberFactory(user=seated)
    for party in (s.director, seated):
        with pytest.raises(PermissionDenied):
            services.appeal_decide(
                by=party, appeal=appeal, overturn=True, reason="x", lift_ban=True
            )
    assert Appeal.objects.get().status == AppealStatus.PENDING


def test_finding_04_an_overturn_lifts_a_ban_only_when_decided_explicitly() -> None:
    s = make_setup()
    appeal = _ban_ruling(s)
    with pytest.raises(ValidationError) as err:
        services.appeal_decide(by=s.commission, appeal=appeal, overturn=True, reason="no revoke")
    assert "lift_ban" in err.value.message_dict
    assert Ban.objects.get().lifted_on is None
    assert Appeal.objects.get().status == AppealStatus.PENDING
    services.appeal_decide(
        by=s.commission, appeal=appeal, overturn=True, reason="no revoke", lift_ban=True
    )
    ban = Ban.objects.get()
    assert ban.lifted_on is not None
    entry = AuditEntry.objects.get(action=AuditAction.APPEAL_DECIDE)
    assert entry.detail["ban_lifted"] == ban.pk and entry.by == s.commission
