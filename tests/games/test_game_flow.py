"""Letters, mečbol, placka, misdeals, undo, corrections and the audit trail."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from games import services
from games.models import AuditAction, AuditEntry, DealEntry, GameStatus, TableGame
from tests.games.conftest import Setup, make_setup
from tournaments.models import Round, RoundStatus

pytestmark = pytest.mark.django_db


def test_a_seat_completing_the_word_takes_the_placka_and_finishes_the_round(setup: Setup) -> None:
    setup.lose("B", "B", "B", "B")
    state = setup.state()
    assert state["seats"][1]["is_mecbol"] is True
    setup.lose("B")
    state = setup.state()
    assert state["seats"][1]["has_placka"] is True
    assert state["finished"] is True and state["next_deal"] is None
    assert TableGame.objects.get().status == GameStatus.FINISHED
    assert Round.objects.get().status == RoundStatus.FINISHED


def test_a_deal_for_a_finished_game_is_refused(setup: Setup) -> None:
    setup.lose(*"BBBBB")
    with pytest.raises(ValidationError) as exc:
        services.deal_record(by=setup.judge, table=setup.table, losers=["A"])
    assert "game" in exc.value.message_dict
    assert DealEntry.objects.count() == 5


def test_loser_not_at_the_table_and_sat_out_seat_are_refused(db: None) -> None:
    s = make_setup(seats=5)
    with pytest.raises(ValidationError) as exc:
        services.deal_record(by=s.judge, table=s.table, losers=["F"])
    assert "losers" in exc.value.message_dict
    with pytest.raises(ValidationError) as exc:
        services.deal_record(by=s.judge, table=s.table, losers=["A"])  # A deals and sits out
    assert "sat out" in str(exc.value)
    assert not DealEntry.objects.exists()


def test_sit_out_at_six_dealer_and_right_by_default(db: None) -> None:
    s = make_setup(seats=6)
    assert s.state()["next_deal"]["sitting_out"] == ["A", "F"]


def test_sit_out_at_six_dealer_and_left_as_a_setting(db: None) -> None:
    s = make_setup(seats=6)
    s.tournament.sit_out_rule = "dealer_and_left"
    s.tournament.save()
    assert s.state()["next_deal"]["sitting_out"] == ["A", "B"]
    with pytest.raises(ValidationError):
        services.deal_record(by=s.judge, table=s.table, losers=["B"])
    deal = services.deal_record(by=s.judge, table=s.table, losers=["C"])
    assert deal.sat_out == ["A", "B"]
    assert s.state()["next_deal"]["sitting_out"] == ["C", "D"]


def test_elimination_final_seats_leave_until_fewer_than_four(db: None) -> None:
    s = make_setup(seats=5, word="AB", placka_mode="elimination", stage="final")
    s.lose("B", "C", "B")  # B completes AB and leaves, four play on
    state = s.state()
    assert state["finished"] is False
    assert [x["seat"] for x in state["seats"] if not x["is_active"]] == ["B"]
    s.lose("C")
    state = s.state()
    assert state["finished"] is True
    assert sorted(state["remaining"]) == ["A", "D", "E"]


def test_first_misdeal_is_free_the_second_gives_the_dealer_a_letter(setup: Setup) -> None:
    services.misdeal_record(by=setup.judge, table=setup.table)
    assert setup.words()["A"] == ""
    services.misdeal_record(by=setup.judge, table=setup.table)
    assert setup.words()["A"] == "T"
    assert setup.state()["next_deal"]["dealer"] == "A"


def test_referee_waives_the_misdeal_letter(setup: Setup) -> None:
    services.misdeal_record(by=setup.judge, table=setup.table)
    second = services.misdeal_record(by=setup.judge, table=setup.table)
    with pytest.raises(PermissionDenied):  # the line judge may not waive
        services.misdeal_waive(by=setup.judge, misdeal=second)
    services.misdeal_waive(by=setup.head_referee, misdeal=second)
    assert setup.words()["A"] == ""


def test_a_misdeal_letter_can_complete_the_word_and_end_the_game(db: None) -> None:
    s = make_setup(word="AB")
    s.lose("A")  # A has "A" and deals
    services.misdeal_record(by=s.judge, table=s.table)
    services.misdeal_record(by=s.judge, table=s.table)
    state = s.state()
    assert state["seats"][0]["has_placka"] is True and state["finished"] is True


def test_undo_the_last_deal_restores_the_state_and_is_audited(setup: Setup) -> None:
    setup.lose("C", "D")
    before = setup.words()
    services.deal_record(by=setup.judge, table=setup.table, number=3, losers=["A"])
    services.deal_undo(by=setup.judge, table=setup.table, number=3)
    assert setup.words() == before
    assert setup.state()["next_deal"] == {
        "number": 3,
        "dealer": "D",
        "sitting_out": [],
        "players": list("ABCD"),
        "misdeals": 0,
    }
    undo = AuditEntry.objects.filter(action=AuditAction.DEAL_UNDO).get()
    assert undo.by == setup.judge
    assert undo.before["words"]["A"] == "T" and undo.after["words"]["A"] == ""
    # deal 3 can be recorded again after the undo
    services.deal_record(by=setup.judge, table=setup.table, number=3, losers=["B"])


def test_undo_of_the_placka_deal_reopens_the_game_and_the_round(setup: Setup) -> None:
    setup.lose(*"BBBBB")
    services.deal_undo(by=setup.judge, table=setup.table)
    assert TableGame.objects.get().status == GameStatus.RUNNING
    assert Round.objects.get().status == RoundStatus.PUBLISHED


def test_correction_of_an_older_deal_moves_letters_but_not_who_dealt(setup: Setup) -> None:
    setup.lose("B", "C", "C")
    deal1 = DealEntry.objects.get(number=1)
    services.deal_correct(by=setup.head_referee, deal=deal1, losers=["D"], reason="wrong seat")
    assert setup.words() == {"A": "", "B": "", "C": "TO", "D": "T"}
    deal2 = setup.state()["deals"][1]
    # B dealt deal 2 at the table: a fact of play, flagged where the rules now say D.
    assert deal2["dealer"] == "B" and deal2["counted"]
    assert "dealer_as_played" in deal2["flags"]
    assert setup.state()["next_deal"]["dealer"] == "C"
    entry = AuditEntry.objects.filter(action=AuditAction.DEAL_CORRECT).get()
    assert entry.before["words"]["B"] == "T" and entry.after["words"]["B"] == ""
    assert "wrong seat" in entry.summary


def test_correction_needs_a_referee_and_a_reason(setup: Setup) -> None:
    setup.lose("B")
    deal = DealEntry.objects.get()
    with pytest.raises(PermissionDenied):
        services.deal_correct(by=setup.judge, deal=deal, losers=["C"], reason="x")
    with pytest.raises(ValidationError):
        services.deal_correct(by=setup.head_referee, deal=deal, losers=["C"], reason=" ")


def test_stale_deal_number_is_refused(setup: Setup) -> None:
    services.deal_record(by=setup.judge, table=setup.table, number=1, losers=["B"])
    with pytest.raises(ValidationError) as exc:
        services.deal_record(by=setup.judge, table=setup.table, number=1, losers=["C"])
    assert exc.value.message_dict["number"]
    assert DealEntry.objects.count() == 1


def test_idempotency_key_records_once(setup: Setup) -> None:
    first = services.deal_record(
        by=setup.judge, table=setup.table, losers=["B"], idempotency_key="k1"
    )
    again = services.deal_record(
        by=setup.judge, table=setup.table, losers=["B"], idempotency_key="k1"
    )
    assert first.pk == again.pk and DealEntry.objects.count() == 1


def test_audit_entries_cannot_be_changed(setup: Setup) -> None:
    setup.lose("B")
    entry = AuditEntry.objects.first()
    assert entry is not None
    with pytest.raises(RuntimeError):
        entry.save()
    with pytest.raises(RuntimeError):
        entry.delete()


def test_paper_scoresheet_is_written_all_or_nothing(setup: Setup) -> None:
    rows = [services.PaperRow(("B",)), services.PaperRow(("C",), {"A": 7, "B": 0, "C": 26, "D": 0})]
    bad = [*rows, services.PaperRow(("Z",))]
    with pytest.raises(ValidationError) as exc:
        services.paper_enter(by=setup.judge, table=setup.table, first_number=1, rows=bad)
    assert "Row 3" in str(exc.value)
    assert not DealEntry.objects.exists()
    services.paper_enter(by=setup.judge, table=setup.table, first_number=1, rows=rows)
    assert setup.words() == {"A": "", "B": "T", "C": "T", "D": ""}
