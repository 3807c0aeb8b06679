"""The next deals' states sent to the table page equal real replays of the ledger.

Random games (deals, misdeals, rulings, tables of four to six, both placka modes and sit-out
rules); then random losers followed through the tree, each step checked against a replay of
the events the site stores for that deal.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ledger import DealRecorded, Event, LedgerSettings, replay
from engine.ledger.ahead import ahead, node
from tests.engine.ledger.test_ledger_invariants import history

RUN = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _without_children(tree: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in tree.items() if key != "after"}


@RUN
@given(game=history(rulings=True), data=st.data())
def test_each_branch_is_the_replay_of_that_loser(
    game: tuple[LedgerSettings, list[Event]], data: st.DataObject
) -> None:
    config, events = game
    tree = ahead(config, events, 3)
    state = replay(config, events)
    assert _without_children(tree) == node(state)
    for step in range(3):
        if state.finished or state.next_deal is None:
            # then the tree stops where the game does
            assert "after" not in tree
            assert tree["finished"] == state.finished
            return
        assert sorted(tree["after"]) == sorted(state.next_deal.players)
        loser = data.draw(st.sampled_from(state.next_deal.players))
        # what the site stores: the loser, and the dealer and sit-outs as the rules have them
        deal = DealRecorded(
            f"real-{step}", (loser,), None, state.next_deal.sitting_out, state.next_deal.dealer
        )
        events = [*events, deal]
        state = replay(config, events)
        tree = tree["after"][loser]
        expected = node(state)
        assert _without_children(tree) == expected
    assert "after" not in tree


def test_a_table_of_five_sits_the_dealer_out_and_ends_at_the_placka() -> None:
    config = LedgerSettings.for_word("TO", seats=5)
    tree = ahead(config, [], 3)
    # the first deal: A deals and sits out, B-E play
    assert tree["next"] == {"dealer": "A", "sitting_out": ["A"], "players": ["B", "C", "D", "E"]}
    after_c = tree["after"]["C"]
    assert [s["letter_count"] for s in after_c["seats"]] == [0, 0, 1, 0, 0]
    assert after_c["seats"][2]["is_mecbol"] is True
    assert after_c["next"]["dealer"] == "C"
    assert after_c["next"]["sitting_out"] == ["C"]
    # C cannot lose the deal it deals and sits out; after D's, C's second letter is the placka
    assert "C" not in after_c["after"]
    placka = after_c["after"]["D"]["after"]["C"]
    assert placka["finished"] is True
    assert placka["next"] is None
    assert placka["seats"][2]["has_placka"] is True
    assert "after" not in placka
