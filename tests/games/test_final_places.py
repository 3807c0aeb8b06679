"""Every seat's place when an elimination game ends, in the state the table page reads.

The seat that completes the word leaves with the lowest place (the ledger's); the three left
at a final of four are placed by the tournament's rule, as the results place them."""

from __future__ import annotations

from typing import Any

import pytest

from games.selectors import table_state
from tests.games.conftest import make_setup

pytestmark = pytest.mark.django_db


def _places(seats: list[dict[str, Any]]) -> dict[str, tuple[int | None, bool | None]]:
    return {seat["seat"]: (seat["place"], seat.get("place_shared")) for seat in seats}


def test_an_elimination_final_of_four_places_every_seat_by_success_rate() -> None:
    s = make_setup(seats=4, word="TON", placka_mode="elimination", stage="final")
    s.lose("C", "D", "B", "B")
    # one deal before the end: the page's states ahead already place everyone
    tree = table_state(s.table, ahead_deals=1)["ahead"]
    ahead = {seat["seat"]: seat["place"] for seat in tree["after"]["B"]["seats"]}
    assert ahead == {"A": 1, "B": 4, "C": 2, "D": 2}
    s.lose("B")
    state = table_state(s.table)
    assert state["finished"] is True
    # A lost no deal; C and D one each (shared); B took the placka
    assert _places(state["seats"]) == {
        "A": (1, False),
        "B": (4, False),
        "C": (2, True),
        "D": (2, True),
    }


def test_the_last_seats_share_the_best_place_when_the_tournament_says_so() -> None:
    s = make_setup(seats=4, word="TON", placka_mode="elimination", stage="final")
    s.tournament.final_last_places_by_success = False
    s.tournament.save()
    s.lose("C", "B", "B", "B")
    places = _places(table_state(s.table)["seats"])
    assert places == {"A": (1, True), "B": (4, False), "C": (1, True), "D": (1, True)}


def test_a_game_until_the_first_placka_keeps_the_ledger_places() -> None:
    s = make_setup(seats=4, word="TON")
    s.lose("C", "B", "B", "B")
    places = {seat["seat"]: seat["place"] for seat in table_state(s.table)["seats"]}
    assert places == {"A": 1, "B": 4, "C": 3, "D": 1}
