"""An online tournament table under ``tie_without_hejma: both``: after a deal with two
losers the engine deals the next deal where the scorekeeping ledger expects it, so
every deal is recorded and the table never pauses on the dealer check."""

from __future__ import annotations

import random

import pytest

from engine import Game, Ruleset
from games.adapter import game_events
from games.models import DealEntry
from games.online import services
from games.online.services.scoring import deal_finished
from tests.online.conftest import make_online_tournament

pytestmark = pytest.mark.django_db(transaction=True)

# A game whose first deal ends in a tie without Hejma: dealer A, A and D tied, A took
# the last trick. The rules' next dealer is D (first clockwise from A's left), not A.
SEED = 4
WORD = "TONDA"


def test_a_deal_with_two_losers_is_followed_by_the_dealer_the_ledger_expects(
    transactional_db: None,
) -> None:
    t = make_online_tournament(word=WORD)
    tournament = t.table.round.tournament
    tournament.tie_without_hejma = "both"
    tournament.save(update_fields=["tie_without_hejma"])
    row = services.online_game_start(by=t.director, table=t.table)

    rng = random.Random(SEED)
    game = Game(WORD, seed=SEED, ruleset=Ruleset(tie_without_hejma="both"))
    deals = 0
    while not game.is_over():
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
        if len(game.results) > deals:
            deals = len(game.results)
            # raises OnlineError "paused" if refused
            deal_finished(row, deals, dict(game.records[-1]), takeovers=[])
    first = game.results[0]
    assert {s.code for s in first.loser} == {"A", "D"} and first.last_trick is not None
    assert game.records[1]["dealer"] == "D" != first.last_trick.code

    state = game_events(DealEntry.objects.filter(game__table=t.table).first().game).replay()
    counted = [d for d in state.deals if d.counted]
    assert [d.dealer for d in counted] == [r["dealer"] for r in game.records]
    assert not [d for d in counted if "dealer_as_played" in d.flags]
    assert state.finished
