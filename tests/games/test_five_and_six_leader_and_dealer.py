"""A physical table of five or six on the site: a full SCN record must make the leader
lead whether the dealer plays or sits out (the engine's ``record_dealer``), and after a
first loser who left the table the next seat clockwise from it deals (RULES.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from games import services
from tests.engine.helpers import redealt
from tests.games.conftest import make_setup

pytestmark = pytest.mark.django_db

PLAYED = json.loads((Path(__file__).parent / "scn_examples.json").read_text())["played"]["record"]


def test_a_record_of_a_deal_whose_dealer_sits_out_must_let_the_dealers_left_lead() -> None:
    """A deals and sits out: B leads, so the record (B C D E as its A-D) is dealt by its D,
    table seat E. A record dealt by its A (B's seat) would have C lead: refused."""
    s = make_setup(seats=5)
    with pytest.raises(ValidationError) as refused:
        services.deal_record(by=s.judge, table=s.table, record=redealt(PLAYED, "A"))
    assert list(refused.value.error_dict) == ["record"]
    assert "seat B leads" in refused.value.messages[0] and "name D" in refused.value.messages[0]
    deal = services.deal_record(by=s.judge, table=s.table, record=redealt(PLAYED, "D"))
    assert deal.losers == ["D"]  # the record's C is table seat D


def test_a_record_under_rotation_whose_dealer_plays_names_the_dealer() -> None:
    """Six seats, rotation: deal 2 is dealt by D and sits out B and C, so D plays (A D E F
    as the record's A-D) and the record's dealer is its B."""
    s = make_setup(seats=6)
    s.tournament.sit_out_rule = "rotation"
    s.tournament.save(update_fields=["sit_out_rule"])
    s.lose("D")
    assert s.state()["next_deal"]["sitting_out"] == ["B", "C"]
    with pytest.raises(ValidationError):
        services.deal_record(by=s.judge, table=s.table, record=redealt(PLAYED, "D"))
    deal = services.deal_record(by=s.judge, table=s.table, record=redealt(PLAYED, "B"))
    assert deal.losers == ["A"] and deal.dealer == "D"  # the record's C: table seat A


def test_a_record_with_the_seats_that_really_sat_out_maps_those_who_played() -> None:
    """The referee records that B sat out the first deal (the rule names A; a correction):
    A deals and plays, C leads, and the record's seats A-D are A C D E."""
    s = make_setup(seats=5)
    deal = services.deal_record(
        by=s.head_referee,
        table=s.table,
        record=redealt(PLAYED, "A"),
        sat_out=["B"],
        correction_reason="B was called away",
    )
    assert deal.sat_out == ["B"] and deal.losers == ["E"]
    assert set(deal.points or {}) == {"A", "C", "D", "E"}


def test_after_a_first_loser_who_left_the_next_seat_clockwise_from_it_deals() -> None:
    """Five seats, elimination, ties scored both, word KO: C, B+D, A, then C+E with A
    dealing. C completes the word and leaves; the next seat clockwise from C is D."""
    s = make_setup(seats=5, word="KO", placka_mode="elimination", stage="final")
    s.tournament.tie_without_hejma = "both"
    s.tournament.save(update_fields=["tie_without_hejma"])
    for losers in (["C"], ["B", "D"], ["A"]):
        services.deal_record(by=s.judge, table=s.table, losers=losers)
    assert s.state()["next_deal"]["dealer"] == "A"
    services.deal_record(by=s.judge, table=s.table, losers=["C", "E"])
    state = s.state()
    assert [seat["seat"] for seat in state["seats"] if not seat["is_active"]] == ["C"]
    assert state["next_deal"]["dealer"] == "D"
