"""The table state's next-deal tree predicts what recording those deals really gives.

Recorded through the service (as the API does), at tables of five and six, under each
of the tournament's sit-out rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.selectors import AHEAD_DEALS, table_state
from tests.games.conftest import make_setup

pytestmark = pytest.mark.django_db


def _shown(state: dict[str, Any]) -> dict[str, Any]:
    """What the tree holds, taken from the full state the page gets from the server."""
    keys = ("seat", "letter_count", "word_so_far", "is_mecbol", "has_placka", "is_active", "place")
    next_deal = state["next_deal"]
    return {
        "seats": [{key: seat[key] for key in keys} for seat in state["seats"]],
        "finished": state["finished"],
        "next": None
        if next_deal is None
        else {key: next_deal[key] for key in ("dealer", "sitting_out", "players")},
    }


@pytest.mark.parametrize(
    ("seats", "sit_out_rule", "placka_mode", "seed"),
    [
        (5, "dealer", "until_first_placka", 1),
        (6, "dealer_and_left", "until_first_placka", 2),
        (6, "rotation", "elimination", 3),
        (4, "dealer", "elimination", 4),
    ],
)
def test_the_tree_equals_the_deals_recorded(
    seats: int, sit_out_rule: str, placka_mode: str, seed: int
) -> None:
    s = make_setup(seats=seats, word="TON", placka_mode=placka_mode)
    s.tournament.sit_out_rule = sit_out_rule
    s.tournament.save()
    pick = random.Random(seed)
    state = s.state()
    tree = table_state(s.table, ahead_deals=AHEAD_DEALS)["ahead"]
    steps = 0
    while not state["finished"]:
        if "after" not in tree:  # past the horizon: ask the server again, as the page does
            tree = table_state(s.table, ahead_deals=AHEAD_DEALS)["ahead"]
        loser = pick.choice(state["next_deal"]["players"])
        predicted = tree["after"][loser]
        s.lose(loser)
        state = s.state()
        # then the recorded deal gives exactly what the page showed ahead of time
        assert {k: v for k, v in predicted.items() if k != "after"} == _shown(state)
        tree = predicted
        steps += 1
    assert steps >= 3
