"""Renonc rulings and their penalties, appeals to the commission and overturns."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from games import services
from games.models import Appeal, AppealStatus, DealEntry, Ruling
from scwu.models import Ban
from tests.games.conftest import Setup, make_round, make_table
from tournaments.models import Entry, EntryStatus

pytestmark = pytest.mark.django_db


def _rule(s: Setup, number: int, **kwargs: Any) -> Ruling:
    defaults: dict[str, Any] = {
        "kind": "B",
        "offender": "A",
        "penalty": "loses_deal",
        "reason": "revoke",
    }
    defaults.update(kwargs)
    deal = DealEntry.objects.get(game__table=s.table, number=number, undone_seq__isnull=True)
    return services.ruling_make(by=s.head_referee, table=s.table, deal=deal, **defaults)


def test_loses_deal_on_an_old_deal_moves_letters_not_who_dealt(setup: Setup) -> None:
    setup.lose("B", "C", "C")
    _rule(setup, 1, offender="D")
    state = setup.state()
    assert setup.words() == {"A": "", "B": "", "C": "TO", "D": "T"}
    assert state["deals"][0]["losers"] == ["D"] and state["deals"][1]["dealer"] == "B"
    assert state["rulings"][0]["referee"] == setup.head_referee.username


def test_extra_letter_and_loses_game(setup: Setup) -> None:
    setup.lose("B")
    _rule(setup, 1, kind="A", offender="C", penalty="extra_letter")
    assert setup.words()["C"] == "T" and setup.words()["B"] == "T"
    _rule(setup, 1, kind="other", offender="D", penalty="loses_game")
    state = setup.state()
    assert state["seats"][3]["has_placka"] and state["finished"]


def test_disqualification_removes_the_seat_and_withdraws_the_entry(db: None) -> None:
    from tests.games.conftest import make_setup

    s = make_setup(seats=5)
    s.lose("B")
    ruling = _rule(s, 1, kind="other", offender="E", penalty="disqualification")
    state = s.state()
    assert state["seats"][4]["is_disqualified"] and not state["seats"][4]["is_active"]
    entry = Entry.objects.get(seats__table=s.table, seats__position="E")
    assert entry.status == EntryStatus.WITHDRAWN
    assert ruling.entry_status_before == EntryStatus.REGISTERED


def test_lifetime_ban_for_intentional_renonc_b_creates_the_federation_ban(setup: Setup) -> None:
    setup.lose("B")
    with pytest.raises(ValidationError):
        _rule(setup, 1, offender="C", penalty="ban", intentional=False)
    ruling = _rule(setup, 1, offender="C", penalty="ban", intentional=True)
    ban = Ban.objects.get()
    assert ruling.ban == ban and ban.lifted_on is None
    assert ban.player == setup.table.seats.get(position="C").entry.player


def test_ruling_on_a_deal_of_another_table_is_refused(setup: Setup) -> None:
    other = make_table(make_round(setup.tournament), line_judge=setup.judge)
    services.deal_record(by=setup.judge, table=other, losers=["A"])
    foreign = DealEntry.objects.get(game__table=other)
    with pytest.raises(ValidationError) as exc:
        services.ruling_make(
            by=setup.head_referee,
            table=setup.table,
            deal=foreign,
            kind="B",
            offender="A",
            penalty="loses_deal",
            reason="x",
        )
    assert "deal" in exc.value.message_dict
    assert not Ruling.objects.exists()


def test_ruling_needs_a_referee_not_the_line_judge(setup: Setup) -> None:
    setup.lose("B")
    deal = DealEntry.objects.get()
    with pytest.raises(PermissionDenied):
        services.ruling_make(
            by=setup.judge,
            table=setup.table,
            deal=deal,
            kind="B",
            offender="A",
            penalty="loses_deal",
            reason="x",
        )


def test_appeal_by_a_party_overturned_restores_the_state_and_lifts_the_ban(setup: Setup) -> None:
    setup.lose("B", "B")
    before = setup.words()
    ruling = _rule(setup, 1, offender="C", penalty="ban", intentional=True)
    assert setup.words() != before
    player_c = setup.seated_user("C")
    appeal = services.appeal_file(by=player_c, ruling=ruling, grounds="I followed suit")
    with pytest.raises(PermissionDenied):
        services.appeal_decide(by=setup.head_referee, appeal=appeal, overturn=True, reason="x")
    services.appeal_decide(
        by=setup.commission, appeal=appeal, overturn=True, reason="no revoke", lift_ban=True
    )
    assert setup.words() == before
    assert Appeal.objects.get().status == AppealStatus.OVERTURNED
    assert Ban.objects.get().lifted_on is not None
    assert Entry.objects.get(seats__table=setup.table, seats__position="C").status == "registered"


def test_appeal_upheld_keeps_the_ruling(setup: Setup) -> None:
    setup.lose("B")
    ruling = _rule(setup, 1, offender="D")
    appeal = services.appeal_file(by=setup.director, ruling=ruling, grounds="too harsh")
    services.appeal_decide(by=setup.commission, appeal=appeal, overturn=False, reason="fair")
    assert setup.words()["D"] == "T"
    with pytest.raises(ValidationError):
        services.appeal_decide(by=setup.commission, appeal=appeal, overturn=True, reason="again")


def test_appeal_by_someone_not_a_party_is_refused(setup: Setup) -> None:
    setup.lose("B")
    ruling = _rule(setup, 1, offender="D")
    with pytest.raises(PermissionDenied):
        services.appeal_file(by=setup.outsider, ruling=ruling, grounds="not mine")
    assert not Appeal.objects.exists()


def test_only_one_pending_appeal_per_ruling(setup: Setup) -> None:
    setup.lose("B")
    ruling = _rule(setup, 1, offender="D")
    services.appeal_file(by=setup.director, ruling=ruling, grounds="one")
    with pytest.raises(ValidationError):
        services.appeal_file(by=setup.director, ruling=ruling, grounds="two")
