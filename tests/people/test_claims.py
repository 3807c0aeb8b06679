"""Claiming a registry player: asked by the person, confirmed by a director or the player's
club captain; from then on My tables, Where I sit and the profile are that player's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from scwu.models import ClaimStatus, Player
from scwu.services import claims
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.games.conftest import make_round, make_setup, make_table

pytestmark = pytest.mark.django_db


def _signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def test_a_director_confirms_a_claim_and_my_tables_then_shows_the_seated_players_table() -> None:
    s = make_setup()
    seated = s.table.seats.select_related("entry__player").get(position="B").entry.player
    person = UserFactory()
    page = _signed_in(person)
    assert 'id="no-tables"' in page.get(reverse("my-tables")).content.decode()
    response = page.post(reverse("people-claim"), {"player": seated.pk, "message": "me"})
    assert response.status_code == 302
    claim = person.player_claims.get()
    assert claim.status == ClaimStatus.PENDING
    html = _signed_in(s.director).get(reverse("people-claims")).content.decode()
    assert f'data-claim="{claim.pk}"' in html
    _signed_in(s.director).post(
        reverse("people-claim-decide", args=[claim.pk]), {"decision": "confirm"}
    )
    seated.refresh_from_db()
    assert seated.user == person
    html = page.get(reverse("my-tables")).content.decode()
    assert f'href="{reverse("games:table", args=[s.table.pk])}"' in html
    assert 'id="no-tables"' not in html


def test_the_club_captain_confirms_a_members_claim_and_another_captain_may_not() -> None:
    captain = PlayerFactory(user=UserFactory())
    member = MembershipFactory(start=dt.date(2020, 1, 1), club=ClubFactory(captain=captain)).player
    stranger_captain = PlayerFactory(user=UserFactory())
    ClubFactory(captain=stranger_captain)
    person = UserFactory()
    claim = claims.claim_request(by=person, player=member)
    assert list(claims.claims_to_decide(stranger_captain.user)) == []
    with pytest.raises(PermissionDenied):
        claims.claim_confirm(by=stranger_captain.user, claim=claim)
    assert list(claims.claims_to_decide(captain.user)) == [claim]
    claims.claim_confirm(by=captain.user, claim=claim)
    member.refresh_from_db()
    assert member.user == person


def test_a_claim_for_a_new_player_creates_the_player_with_the_account_on_confirmation() -> None:
    person = UserFactory()
    director = UserFactory(roles=["director"])
    claim = claims.claim_request(by=person, nickname="Nováček", real_name="Jan Nový")
    player = claims.claim_confirm(by=director, claim=claim)
    assert player.nickname == "Nováček" and player.user == person


def test_a_claim_is_refused_for_a_player_with_an_account_or_a_taken_nickname() -> None:
    taken = PlayerFactory(nickname="Bozena", user=UserFactory())
    with pytest.raises(ValidationError) as linked:
        claims.claim_request(by=UserFactory(), player=taken)
    assert "already has an account" in str(linked.value)
    with pytest.raises(ValidationError) as clash:
        claims.claim_request(by=UserFactory(), nickname="BOŽENA")
    assert "nickname" in clash.value.message_dict


def test_nobody_confirms_their_own_claim_and_a_second_decision_is_refused() -> None:
    director = UserFactory(roles=["director"])
    own = claims.claim_request(by=director, player=PlayerFactory())
    with pytest.raises(PermissionDenied):
        claims.claim_confirm(by=director, claim=own)
    other = claims.claim_request(by=UserFactory(), player=PlayerFactory())
    claims.claim_refuse(by=director, claim=other)
    with pytest.raises(ValidationError):
        claims.claim_confirm(by=director, claim=other)
    assert Player.objects.filter(user__isnull=False).count() == 0


def test_a_plain_user_may_not_open_the_claims_to_decide() -> None:
    assert _signed_in(UserFactory()).get(reverse("people-claims")).status_code == 403


def test_the_profile_offers_the_claim_to_a_signed_in_person_without_a_player() -> None:
    player = PlayerFactory()
    url = reverse("player-detail", args=[player.pk])
    assert 'id="claim-player"' in _signed_in(UserFactory()).get(url).content.decode()
    assert 'id="claim-player"' not in Client().get(url).content.decode()


def test_where_i_sit_lists_published_seats_round_by_round_and_never_a_draft() -> None:
    s = make_setup()
    user = s.seated_user("C")
    draft = make_round(s.tournament, status="draft")
    draft_table = make_table(draft)
    seat = draft_table.seats.get(position="A")
    seat.entry = s.table.seats.get(position="C").entry
    seat.save()
    html = _signed_in(user).get(reverse("where-i-sit")).content.decode()
    assert f'data-table="{s.table.pk}"' in html
    assert f'data-table="{draft_table.pk}"' not in html
    assert reverse("where-i-sit") in html  # the header links it for a claimed player


def test_the_api_takes_a_claim_and_answers_the_players_seats() -> None:
    s = make_setup()
    user = s.seated_user("D")
    client = _signed_in(user)
    seats = client.get("/api/me/seats/").json()
    assert seats == [
        {
            "tournament": s.tournament.slug,
            "round": s.round.number,
            "table": s.table.number,
            "table_id": s.table.pk,
            "seat": "D",
        }
    ]
    asker = _signed_in(UserFactory())
    claimed = s.table.seats.get(position="D").entry.player_id
    taken = asker.post("/api/claims/", {"player": claimed}, content_type="application/json")
    assert taken.status_code == 409 and "player" in taken.json()
    asked = asker.post(
        "/api/claims/", {"nickname": "Api Newcomer"}, content_type="application/json"
    )
    assert asked.status_code == 201 and asked.json()["status"] == "pending"
    assert Client().get("/api/me/seats/").status_code == 403
