"""Every sit-out rule the site offers is the engine's, and a table of five or six on the
site seats out exactly whom the engine's rule names, deal after deal."""

from __future__ import annotations

import random

import pytest

from engine.table_rules import SEAT_LETTERS, SitOutRule, last_clockwise, next_dealer, sit_out
from tests.games.conftest import make_setup
from tournaments.forms import TournamentForm

pytestmark = pytest.mark.django_db


def test_the_tournament_form_offers_each_engine_rule_and_nothing_else() -> None:
    offered = [value for value, _label in TournamentForm().fields["sit_out_rule"].choices]
    assert sorted(offered) == sorted(rule.value for rule in SitOutRule)


@pytest.mark.parametrize("seats", [5, 6])
@pytest.mark.parametrize("rule", list(SitOutRule))
def test_the_site_seats_out_whom_the_engine_names(rule: SitOutRule, seats: int) -> None:
    s = make_setup(seats=seats, word="TONDA")
    s.tournament.sit_out_rule = rule.value
    s.tournament.save()
    order = SEAT_LETTERS[:seats]
    pick = random.Random(seats)
    dealer, anchor = "A", None
    for _ in range(6):
        expected = sit_out(rule, dealer, order, order, anchor)
        state = s.state()["next_deal"]
        assert (state["dealer"], state["sitting_out"]) == (dealer, list(expected))
        loser = pick.choice(state["players"])
        s.lose(loser)
        dealer = next_dealer(dealer, [loser], order)
        anchor = last_clockwise(expected, order, order)
