"""Who dealt a deal is the rules' dealer unless a referee records another, as a correction
with a reason (as ``import_games`` enters a deal a record says was dealt as played)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from games import selectors, services
from tests.games.conftest import make_setup

pytestmark = pytest.mark.django_db


def test_another_dealer_is_refused_without_a_reason_and_recorded_as_a_referees_correction() -> None:
    s = make_setup(seats=5, word="TONDA")
    services.deal_record(by=s.judge, table=s.table, losers=["B"])  # B deals deal 2
    with pytest.raises(ValidationError) as refused:
        services.deal_record(by=s.judge, table=s.table, losers=["C"], dealer="D", sat_out=["D"])
    assert refused.value.message_dict["dealer"][0].startswith("Deal 2 is dealt by B")
    with pytest.raises(PermissionDenied):
        services.deal_record(
            by=s.judge,
            table=s.table,
            losers=["C"],
            dealer="D",
            sat_out=["D"],
            correction_reason="D dealt",
        )

    deal = services.deal_record(
        by=s.head_referee,
        table=s.table,
        losers=["C"],
        dealer="D",
        sat_out=["D"],
        correction_reason="D dealt by mistake",
    )

    assert (deal.dealer, deal.sat_out, deal.correction_reason) == ("D", ["D"], "D dealt by mistake")
    assert selectors.table_state(s.table)["next_deal"]["dealer"] == "C"
