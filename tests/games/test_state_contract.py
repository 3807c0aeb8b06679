"""The table state, the round dashboard and their API serializers keep to the typed
contracts of :mod:`games.contracts`: every key, every type, one meaning per name."""

from __future__ import annotations

import pytest

from games import selectors, services
from games.api import serializers as s
from games.contracts import RoundDashboard, TableState
from tests.games.conftest import Setup, make_setup
from tests.typed_json import mismatches, serializer_mismatches

pytestmark = pytest.mark.django_db


def test_mismatches_reports_a_wrong_type_a_missing_key_and_an_unknown_key() -> None:
    state = selectors.table_state(make_setup().table)
    broken = {**state, "finished": "no", "letters": []}
    del broken["word_letters"]
    found = mismatches(broken, TableState)
    assert "$.finished: 'no' is not bool" in found
    assert "$.word_letters: missing" in found
    assert "$.letters: not in TableState" in found


def test_the_state_of_a_table_without_a_deal_keeps_to_the_contract() -> None:
    state = selectors.table_state(make_setup().table, ahead_deals=1)
    assert mismatches(state, TableState) == []
    assert state["word_letters"] == list("TONDA")
    assert [seat["letter_count"] for seat in state["seats"]] == [0, 0, 0, 0]


def _busy(setup: Setup) -> None:
    """Deals, a letter for a second misdeal, a ruling and a referee call."""
    setup.lose("B", "C")
    services.misdeal_record(by=setup.judge, table=setup.table)
    services.misdeal_record(by=setup.judge, table=setup.table)
    deal = selectors.deal_by_number(setup.table, 1)
    services.ruling_make(
        by=setup.head_referee,
        table=setup.table,
        deal=deal,
        kind="A",
        offender="D",
        penalty="extra_letter",
        reason="led out of turn",
    )
    services.game_referee_call(by=setup.judge, table=setup.table)


def test_a_busy_state_keeps_to_the_contract_with_one_meaning_per_name() -> None:
    setup = make_setup(seats=5)
    _busy(setup)
    state = selectors.table_state(setup.table, ahead_deals=2)
    assert mismatches(state, TableState) == []
    assert state["rulings"] and state["referee_call"] is not None
    awards = [award for deal in state["deals"] for award in deal["letter_awards"]]
    held = sum(seat["letter_count"] for seat in state["seats"])
    history = sum(len(seat["history"]) for seat in state["seats"])
    # The awards of the deals plus the pending misdeal letter are every letter held.
    assert held == history >= len(awards) > 0
    for seat in state["seats"]:
        assert seat["word_so_far"] == "".join(state["word_letters"][: seat["letter_count"]])


def test_a_finished_state_keeps_to_the_contract() -> None:
    setup = make_setup(word="KO")
    setup.lose("A", "A")
    state = selectors.table_state(setup.table)
    assert state["finished"] and state["next_deal"] is None
    assert mismatches(state, TableState) == []


def test_the_round_dashboard_keeps_to_the_contract() -> None:
    setup = make_setup()
    _busy(setup)
    assert mismatches(selectors.round_dashboard(setup.round), RoundDashboard) == []


def test_the_api_serializers_declare_exactly_the_contract() -> None:
    assert serializer_mismatches(s.GameStateSerializer(), TableState) == []
    assert serializer_mismatches(s.DashboardSerializer(), RoundDashboard) == []
