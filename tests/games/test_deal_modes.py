"""Recording a deal: loser only, points checked by the engine, and full SCN records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from games import services
from games.models import DealEntry, DealMode
from games.models.results import SeatResult
from tests.games.conftest import Setup, make_setup

pytestmark = pytest.mark.django_db


def test_loser_only_gives_the_letter_and_the_deal(setup: Setup) -> None:
    deal = services.deal_record(by=setup.judge, table=setup.table, number=1, losers=["C"])
    state = setup.state()
    assert deal.mode == DealMode.LOSER
    assert setup.words() == {"A": "", "B": "", "C": "T", "D": ""}
    assert state["next_deal"]["dealer"] == "C"
    assert state["next_deal"]["number"] == 2


def test_points_derive_the_loser_by_the_engine(setup: Setup) -> None:
    deal = services.deal_record(
        by=setup.judge, table=setup.table, points={"A": 7, "B": 0, "C": 26, "D": 0}
    )
    assert deal.mode == DealMode.POINTS
    assert deal.losers == ["C"]
    assert setup.state()["deals"][0]["points"] == {"A": 7, "B": 0, "C": 26, "D": 0}


def test_points_tie_broken_by_hejma(setup: Setup) -> None:
    deal = services.deal_record(
        by=setup.judge, table=setup.table, points={"A": 10, "B": 10, "C": 8, "D": 5}, hejma="B"
    )
    assert deal.losers == ["B"]


def test_points_early_end(setup: Setup) -> None:
    deal = services.deal_record(
        by=setup.judge, table=setup.table, points={"A": 0, "B": 18, "C": 10, "D": 0}, end="early"
    )
    assert deal.losers == ["B"]


def test_points_that_do_not_add_up_are_refused(setup: Setup) -> None:
    with pytest.raises(ValidationError) as exc:
        services.deal_record(
            by=setup.judge, table=setup.table, points={"A": 7, "B": 0, "C": 20, "D": 0}
        )
    assert "points" in exc.value.message_dict
    assert not DealEntry.objects.exists()


def test_points_and_a_contradicting_loser_are_refused(setup: Setup) -> None:
    with pytest.raises(ValidationError) as exc:
        services.deal_record(
            by=setup.judge,
            table=setup.table,
            losers=["A"],
            points={"A": 7, "B": 0, "C": 26, "D": 0},
        )
    assert "losers" in exc.value.message_dict


EXAMPLES = json.loads((Path(__file__).parent / "scn_examples.json").read_text())


def test_scn_record_is_scored_by_the_engine(setup: Setup) -> None:
    setup.lose("D")  # D deals deal 2, as the record says
    deal = services.deal_record(
        by=setup.judge, table=setup.table, number=2, record=EXAMPLES["played"]["record"]
    )
    assert deal.mode == DealMode.RECORD
    assert deal.losers == ["C"]
    assert deal.points == {"A": 7, "B": 0, "C": 26, "D": 0}
    assert deal.result is not None and deal.result["end"] == "played"


def test_scn_record_with_renonc_b_makes_the_offender_lose(setup: Setup) -> None:
    deal = services.deal_record(
        by=setup.judge, table=setup.table, record=EXAMPLES["renonc"]["record"]
    )
    assert deal.losers == ["C"]
    state = setup.state()
    assert state["deals"][0]["renonc"] == [{"seat": "C", "play": 1}]
    assert state["seats"][2]["word_so_far"] == "T"


def test_scn_record_with_the_wrong_dealer_is_refused(setup: Setup) -> None:
    with pytest.raises(ValidationError) as exc:
        services.deal_record(by=setup.judge, table=setup.table, record=EXAMPLES["played"]["record"])
    assert "record" in exc.value.message_dict
    assert not DealEntry.objects.exists()


def test_invalid_scn_record_is_refused_with_the_engine_reason(setup: Setup) -> None:
    record = json.loads(json.dumps(EXAMPLES["renonc"]["record"]))
    record["hands"]["A"] = record["hands"]["A"][:7]
    with pytest.raises(ValidationError) as exc:
        services.deal_record(by=setup.judge, table=setup.table, record=record)
    assert "record" in exc.value.message_dict


def test_points_at_a_table_of_five_name_the_four_who_played(db: None) -> None:
    s = make_setup(seats=5)
    # A deals and sits out the first deal: B, C, D, E play.
    assert s.state()["next_deal"]["sitting_out"] == ["A"]
    with pytest.raises(ValidationError):
        services.deal_record(by=s.judge, table=s.table, points={"A": 7, "B": 0, "C": 26, "D": 0})
    deal = services.deal_record(by=s.judge, table=s.table, points={"B": 7, "C": 0, "D": 26, "E": 0})
    assert deal.losers == ["D"]


def test_a_deal_without_points_leaves_the_seats_points_incomplete(setup: Setup) -> None:
    services.deal_record(
        by=setup.judge, table=setup.table, points={"A": 7, "B": 0, "C": 26, "D": 0}
    )
    rows = SeatResult.objects.filter(seat__table=setup.table)
    assert {r.seat.position: (r.penalty_points, r.points_complete) for r in rows} == {
        "A": (7, True),
        "B": (0, True),
        "C": (26, True),
        "D": (0, True),
    }
    services.deal_record(by=setup.judge, table=setup.table, number=2, losers=["A"])
    rows = SeatResult.objects.filter(seat__table=setup.table)
    # The sum shows what was typed in; the flag keeps the points tie-break from using it.
    assert {r.seat.position: (r.penalty_points, r.points_complete) for r in rows} == {
        "A": (7, False),
        "B": (0, False),
        "C": (26, False),
        "D": (0, False),
    }
