"""Invitations by email: the role is granted on acceptance; the link is valid for a limited
time, works once, and only its digest is stored."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scwu.models import ClaimInvitation, CommissionInvitation, CommissionMember
from scwu.security.tokens import api_token_digest
from scwu.services import invitations
from tests.factories import ClubFactory, CommissionMemberFactory, UserFactory
from tests.games.conftest import make_tournament
from tournaments.models import TournamentInvitation
from tournaments.services.entries import entry_register_newcomer

pytestmark = pytest.mark.django_db


def _signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def _link(message: mail.EmailMessage) -> str:
    found = re.search(r"https?://\S+/people/invitations/(\S+)/", message.body)
    assert found is not None, message.body
    return reverse("invitation-accept", args=[found.group(1)])


@pytest.mark.parametrize(
    ("role", "granted"),
    [
        ("co_director", lambda t, u: t.directors.filter(pk=u.pk).exists()),
        ("referee", lambda t, u: t.head_referee_id == u.pk),
        ("line_judge", lambda t, u: t.line_judges.filter(pk=u.pk).exists()),
    ],
)
def test_a_directors_invitation_grants_the_tournament_role_on_acceptance(
    role: str, granted: object, sent: Any
) -> None:
    director = UserFactory(roles=["director"])
    tournament = make_tournament(status="registration")
    tournament.directors.add(director)
    with sent():
        response = _signed_in(director).post(
            reverse("tournament-invitations", args=[tournament.slug]),
            {"email": "official@example.org", "role": role},
        )
    assert response.status_code == 302
    (message,) = mail.outbox
    assert message.to == ["official@example.org"]
    invitee = UserFactory()
    link = _link(message)
    assert not granted(tournament, invitee)  # type: ignore[operator]
    assert _signed_in(invitee).post(link).status_code == 302
    tournament.refresh_from_db()
    assert granted(tournament, invitee)  # type: ignore[operator]


def test_an_invitation_link_works_once_and_is_stored_only_as_its_digest(sent: Any) -> None:
    director = UserFactory(roles=["director"])
    tournament = make_tournament()
    tournament.directors.add(director)
    with sent():
        _signed_in(director).post(
            reverse("tournament-invitations", args=[tournament.slug]),
            {"email": "judge@example.org", "role": "line_judge"},
        )
    link = _link(mail.outbox[0])
    token = link.rstrip("/").rsplit("/", 1)[1]
    stored = TournamentInvitation.objects.get()
    assert stored.digest == api_token_digest(token) and token not in str(stored.__dict__)
    first, second = UserFactory(), UserFactory()
    assert _signed_in(first).post(link).status_code == 302
    again = _signed_in(second).post(link)
    assert again.status_code == 404 and "already accepted" in again.content.decode()
    assert not tournament.line_judges.filter(pk=second.pk).exists()


def test_an_expired_invitation_is_refused_with_its_reason() -> None:
    invitation, token = invitations.invitation_issue(
        CommissionInvitation, by=None, email="late@example.org"
    )
    CommissionInvitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - dt.timedelta(minutes=1)
    )
    response = _signed_in(UserFactory()).post(reverse("invitation-accept", args=[token]))
    assert response.status_code == 404 and "expired" in response.content.decode()
    assert not CommissionMember.objects.exists()


def test_a_made_up_invitation_link_is_not_valid() -> None:
    response = _signed_in(UserFactory()).get(reverse("invitation-accept", args=["made-up"]))
    assert response.status_code == 404 and "not valid" in response.content.decode()


def test_the_commissions_chair_invites_a_member_and_others_may_not(sent: Any) -> None:
    chair = CommissionMemberFactory(chair=True).user
    member = CommissionMemberFactory().user
    with pytest.raises(PermissionDenied):
        invitations.commission_invite(by=member, email="new@example.org")
    assert _signed_in(member).get(reverse("commission-invite")).status_code == 403
    with sent():
        _signed_in(chair).post(reverse("commission-invite"), {"email": "new@example.org"})
    invitee = UserFactory()
    _signed_in(invitee).post(_link(mail.outbox[0]))
    assert CommissionMember.objects.get(user=invitee).active


def test_a_signed_out_visitor_is_asked_to_sign_in_before_accepting() -> None:
    _invitation, token = invitations.invitation_issue(
        CommissionInvitation, by=None, email="x@example.org"
    )
    response = Client().get(reverse("invitation-accept", args=[token]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_newcomer_given_an_email_at_the_desk_is_invited_to_claim_the_player(
    sent: Any,
) -> None:
    director = UserFactory(roles=["director"])
    tournament = make_tournament(status="registration")
    with sent():
        entry = entry_register_newcomer(
            by=director,
            tournament=tournament,
            nickname="Desk Newcomer",
            club=ClubFactory(),
            email="newcomer@example.org",
        )
    invitation = ClaimInvitation.objects.get()
    assert invitation.player == entry.player and invitation.email == "newcomer@example.org"
    person = UserFactory()
    _signed_in(person).post(_link(mail.outbox[0]))
    entry.player.refresh_from_db()
    assert entry.player.user == person
