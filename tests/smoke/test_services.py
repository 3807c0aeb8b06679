from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied, ValidationError

from games.smoke import selectors
from games.smoke.models import SessionStatus, SmokeHand, SmokeHandSeat, SmokeSession
from games.smoke.services import (
    Participant,
    smoke_hand_record,
    smoke_hand_undo,
    smoke_session_create,
)
from tests.factories import PlayerFactory
from tests.smoke.conftest import HAND_1, HAND_2, HAND_4, SEEDS_READOUT

pytestmark = pytest.mark.django_db


def _refusal(exc: pytest.ExceptionInfo[ValidationError]) -> dict[str, list[str]]:
    return exc.value.message_dict


def test_create_keeps_seating_order_rules_and_player_links(keeper: User) -> None:
    player = PlayerFactory(nickname="Whiz")
    session = smoke_session_create(
        by=keeper,
        name="Evening",
        participants=["Jim", Participant(player=player), "Tom"],
        first_dealer="Tom",
        start=12,
    )
    participants = selectors.smoke_participants(session)
    assert [(p.seat, p.name) for p in participants] == [(0, "Jim"), (1, "Whiz"), (2, "Tom")]
    assert participants[1].player == player
    assert session.created_by == keeper
    assert session.first_dealer == 2
    assert session.status == SessionStatus.RUNNING
    assert selectors.smoke_sheet(session).tallies() == {"Jim": 12, "Whiz": 12, "Tom": 12}


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"participants": ["Jim", "Bud"]}, "participants"),
        ({"participants": ["Jim", "Bud", "jim"]}, "participants"),
        ({"first_dealer": "Nobody"}, "first_dealer"),
        ({"box": 10}, "box"),
    ],
)
def test_create_refuses_impossible_tables(keeper: User, kwargs: dict[str, Any], field: str) -> None:
    values: dict[str, Any] = {"participants": ["Jim", "Bud", "Tom"], "first_dealer": "Jim"}
    values.update(kwargs)
    with pytest.raises(ValidationError) as exc:
        smoke_session_create(by=keeper, name="x", **values)
    assert field in _refusal(exc)
    assert not SmokeSession.objects.exists()


def test_record_writes_rows_and_the_sheet_is_recomputed(
    session: SmokeSession, keeper: User
) -> None:
    hand = smoke_hand_record(by=keeper, session=session, **HAND_1)
    assert hand.number == 1
    assert hand.dealer.name == "Jim"
    assert hand.first_trick is not None and hand.first_trick.name == "Tom"
    seats = {s.participant.name: (s.stayed, s.tricks) for s in hand.seats.all()}
    assert seats["Bud"] == (False, 0)
    assert seats["Tom"] == (True, 3)
    sheet = selectors.smoke_sheet(session)
    assert sheet.tallies() == {"Jim": 9, "Bud": 10, "Whiz": 9, "Tom": 7, "Puresome": 15}
    assert sheet.dealer == "Tom"


def test_the_seeds_readout_after_three_hands(session_at_readout: SmokeSession) -> None:
    sheet = selectors.smoke_sheet(session_at_readout)
    assert sheet.readout().text == SEEDS_READOUT
    assert sheet.readout().spoken.startswith("Attention to tally. Jim, six, coming down.")


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"stayed": ["Jim"], "tricks": {"Jim": 4}}, "tricks"),
        ({"stayed": ["Jim", "Bud"], "tricks": {"Jim": 3, "Bud": 2}}, "first_trick"),
        (
            {"stayed": ["Jim", "Bud"], "tricks": {"Jim": 3, "Bud": 2}, "first_trick": "Zed"},
            "first_trick",
        ),
        ({"stayed": ["Jim", "Bud"], "tricks": {"Jim": 5, "Tom": 1}}, "tricks"),
        ({"stayed": ["Jim"], "tricks": {"Jim": 5}, "dealer": "Bud"}, "dealer"),
        ({"stayed": ["Jim", "Jim"], "tricks": {"Jim": 5}}, "stayed"),
        (
            {"stayed": ["Jim"], "tricks": {"Jim": 5}, "infractions": [("Ghost", "renege")]},
            "infractions",
        ),
    ],
)
def test_refused_hands_name_the_field_and_write_nothing(
    session: SmokeSession, keeper: User, hand: dict[str, Any], field: str
) -> None:
    with pytest.raises(ValidationError) as exc:
        smoke_hand_record(by=keeper, session=session, **hand)
    assert field in _refusal(exc)
    assert not SmokeHand.objects.exists()
    assert not SmokeHandSeat.objects.exists()


def test_a_mustie_cannot_sit_a_third_time(session_at_readout: SmokeSession, keeper: User) -> None:
    with pytest.raises(ValidationError) as exc:
        smoke_hand_record(
            by=keeper,
            session=session_at_readout,
            stayed=["Jim", "Tom"],
            tricks={"Jim": 3, "Tom": 2},
            first_trick="Jim",
        )
    errors = _refusal(exc)
    assert "stayed" in errors
    assert "Whiz" in errors["stayed"][0]
    assert session_at_readout.hands.count() == 3


def test_winner_is_cached_and_a_finished_session_refuses_hands(
    session_at_readout: SmokeSession, keeper: User
) -> None:
    smoke_hand_record(
        by=keeper, session=session_at_readout, infractions=[("Whiz", "said hearts")], **HAND_4
    )
    session_at_readout.refresh_from_db()
    assert session_at_readout.status == SessionStatus.FINISHED
    assert session_at_readout.winner is not None and session_at_readout.winner.name == "Tom"
    assert selectors.smoke_sheet(session_at_readout).tallies()["Whiz"] == 13
    with pytest.raises(ValidationError) as exc:
        smoke_hand_record(by=keeper, session=session_at_readout, **HAND_1)
    assert "session" in _refusal(exc)
    assert session_at_readout.hands.count() == 4


def test_undo_removes_the_last_hand_and_reopens_a_won_session(
    session_at_readout: SmokeSession, keeper: User
) -> None:
    smoke_hand_record(by=keeper, session=session_at_readout, **HAND_4)
    assert smoke_hand_undo(by=keeper, session=session_at_readout) == 4
    session_at_readout.refresh_from_db()
    assert session_at_readout.status == SessionStatus.RUNNING
    assert session_at_readout.winner is None
    assert selectors.smoke_sheet(session_at_readout).readout().text == SEEDS_READOUT
    for number in (3, 2, 1):
        assert smoke_hand_undo(by=keeper, session=session_at_readout) == number
    with pytest.raises(ValidationError) as exc:
        smoke_hand_undo(by=keeper, session=session_at_readout)
    assert "session" in _refusal(exc)


def test_history_has_a_readout_per_hand(session_at_readout: SmokeSession) -> None:
    history = selectors.smoke_history(selectors.smoke_session_get(pk=session_at_readout.pk))
    assert [h.hand.number for h in history] == [1, 2, 3]
    assert history[-1].readout.text == SEEDS_READOUT
    assert history[0].readout.reader == "Tom"


def test_two_at_zero_needs_first_out(keeper: User) -> None:
    session = smoke_session_create(
        by=keeper, name="Low", participants=["A", "B", "C"], first_dealer="A", start=5, box=0
    )
    hand: dict[str, Any] = {"stayed": ["A", "B"], "tricks": {"A": 3, "B": 2}, "first_trick": "A"}
    smoke_hand_record(by=keeper, session=session, **hand)
    hand = {"stayed": ["A", "B"], "tricks": {"A": 2, "B": 3}, "first_trick": "A"}
    with pytest.raises(ValidationError) as exc:
        smoke_hand_record(by=keeper, session=session, **hand)
    assert "first_out" in _refusal(exc)
    smoke_hand_record(by=keeper, session=session, first_out="B", **hand)
    session.refresh_from_db()
    assert session.winner is not None and session.winner.name == "B"


@pytest.mark.parametrize("who", ["plain_user", "anonymous"])
def test_only_keepers_record_and_undo(
    session: SmokeSession, request: pytest.FixtureRequest, who: str
) -> None:
    user = AnonymousUser() if who == "anonymous" else request.getfixturevalue(who)
    with pytest.raises(PermissionDenied):
        smoke_hand_record(by=user, session=session, **HAND_1)
    with pytest.raises(PermissionDenied):
        smoke_hand_undo(by=user, session=session)
    assert not SmokeHand.objects.exists()


@pytest.mark.parametrize("who", ["director", "referee", "admin_user"])
def test_directors_referees_and_admins_may_keep_any_tally(
    session: SmokeSession, request: pytest.FixtureRequest, who: str
) -> None:
    user = request.getfixturevalue(who)
    smoke_hand_record(by=user, session=session, **HAND_1)
    smoke_hand_record(by=user, session=session, **HAND_2)
    assert smoke_hand_undo(by=user, session=session) == 2


def test_seed_demo_is_idempotent(db: None) -> None:
    from tools.demo import smoke as demo

    demo.seed(lambda _: None)
    demo.seed(lambda _: None)
    assert SmokeSession.objects.count() == 2
    vt4 = SmokeSession.objects.get(name=demo.VT4)
    assert vt4.status == SessionStatus.FINISHED
    assert vt4.winner is not None and vt4.winner.name == "Tom"
    sheet = selectors.smoke_sheet(selectors.smoke_session_get(pk=vt4.pk))
    assert sheet.readout(2).text == SEEDS_READOUT
    assert SmokeSession.objects.get(name=demo.FRIDAY).status == SessionStatus.RUNNING
