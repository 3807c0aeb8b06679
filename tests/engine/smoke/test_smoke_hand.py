"""One hand of Smoke: the draw, the first lead, following, tricks (SM-5..SM-12)."""

from __future__ import annotations

import json

import pytest

from engine.smoke.actions import Action, Kind
from engine.smoke.cards import Card, full_deck, parse_cards
from engine.smoke.errors import IllegalActionError, RulesError
from engine.smoke.hand import HandState, Phase


def make_hand(
    hands: list[str],
    turned: str,
    *,
    dealer: int = 0,
    tallies: list[int] | None = None,
    sits: list[int] | None = None,
) -> HandState:
    """A hand with known cards: ``hands`` by seat, the turned card naming smoke."""
    return HandState.from_deal(
        [parse_cards(h) for h in hands],
        Card.parse(turned),
        dealer=dealer,
        tallies=tallies,
        sits=sits,
    )


def stay_all(state: HandState) -> None:
    """Everyone stays pat."""
    while state.phase.value == "draw":
        state.apply(Action.draw())


def play(state: HandState, *codes: str, referee: bool = False) -> None:
    """Throw out these cards in turn."""
    for code in codes:
        state.apply(Action.play(Card.parse(code)), referee=referee)


@pytest.fixture
def s7_hand() -> HandState:
    """Dealer 0; seat 1 (under the gun) has no smoke (hearts); seat 2 holds KH 9H."""
    return make_hand(["3C 4C 5C 6C 7C", "2S 3S 4S 5S 6S", "KH 9H 2D 3D 4D", "5H 6H 7D TS JS"], "2H")


def test_deal_gives_five_each_from_the_dealers_left_and_turns_up_a_dead_card() -> None:
    deck = full_deck()
    state = HandState(3, dealer=2, deck=deck)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert state.hands[0][0] == deck[0]  # seat 0 is the dealer's left
    assert state.turned == deck[15] and state.turned not in state.stock
    assert len(state.stock) == 52 - 16
    assert state.smoke == deck[15].suit


@pytest.mark.parametrize("count", [2, 8])
def test_three_to_seven_participants(count: int) -> None:
    with pytest.raises(RulesError) as err:
        HandState(count, seed=1)
    assert err.value.code == "participant"


def test_same_seed_same_deal() -> None:
    assert HandState(5, seed=42).dealt == HandState(5, seed=42).dealt
    assert HandState(5, seed=42).dealt != HandState(5, seed=43).dealt


def test_draw_order_runs_from_the_dealers_left_to_the_dealer() -> None:
    state = HandState(4, dealer=2, seed=1)
    seen = []
    while state.phase is Phase.DRAW:
        seen.append(state.turn)
        state.apply(Action.draw())
    assert seen == [3, 0, 1, 2]


def test_draw_replaces_discards_with_unseen_cards() -> None:
    state = HandState(4, seed=3)
    hand = list(state.hands[1])
    state.apply(Action.draw(hand[:2]))
    assert len(state.hands[1]) == 5
    assert set(hand[2:]) <= set(state.hands[1])
    assert not set(hand[:2]) & set(state.hands[1])


def test_new_mitt_throws_in_all_five() -> None:
    state = HandState(4, seed=3)
    old = set(state.hands[1])
    mitt = Action.parse("mitt", tuple(state.hands[1]))
    assert mitt.code == "mitt" and mitt in state.legal_actions()
    state.apply(mitt)
    assert not old & set(state.hands[1]) and len(state.hands[1]) == 5


def test_legal_draw_actions_are_sit_plus_every_subset_sorted() -> None:
    state = HandState(4, seed=3)
    actions = state.legal_actions()
    assert actions == sorted(actions) and actions[0] == Action.sit()
    assert len(actions) == 1 + 32


def test_staying_with_none_drawn_is_allowed(s7_hand: HandState) -> None:
    s7_hand.apply(Action.parse("stay"))
    assert s7_hand.decisions[0].action.kind is Kind.DRAW


def test_mustie_cannot_sit() -> None:
    state = HandState(4, seed=1, sits=[0, 2, 0, 0])
    assert Action.sit() not in state.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Action.sit())
    assert err.value.reason == "mustie"


def test_in_the_box_cannot_sit() -> None:
    state = HandState(4, seed=1, tallies=[10, 2, 10, 10])
    with pytest.raises(IllegalActionError) as err:
        state.apply(Action.sit())
    assert err.value.reason == "in_the_box"


def test_stock_runs_out_and_discards_are_reshuffled() -> None:
    state = HandState(7, seed=9)
    for _ in range(7):
        state.apply(Action.draw(state.hands[state.turn or 0]))
    held = [c for h in state.hands for c in h]
    assert len(held) == 35 and len(set(held)) == 35 and state.turned not in held


def test_s7_under_the_gun_without_smoke_passes_the_lead(s7_hand: HandState) -> None:
    stay_all(s7_hand)
    assert s7_hand.no_smoke == (1,)
    assert s7_hand.turn == 2
    assert s7_hand.legal_actions() == [Action.play(Card.parse("KH"))]


def test_first_lead_must_be_the_highest_smoke(s7_hand: HandState) -> None:
    stay_all(s7_hand)
    with pytest.raises(IllegalActionError) as err:
        play(s7_hand, "9H")
    assert err.value.reason == "must_lead_highest_smoke"


def test_trick_one_runs_clockwise_from_the_leader_through_all_stayers(
    s7_hand: HandState,
) -> None:
    stay_all(s7_hand)
    order = []
    for code in ["KH", "5H", "3C", "2S"]:
        order.append(s7_hand.turn)
        play(s7_hand, code)
    assert order == [2, 3, 0, 1]
    assert s7_hand.tricks[0].winner == 2


def test_s9_trick_one_must_follow_suit(s7_hand: HandState) -> None:
    stay_all(s7_hand)
    play(s7_hand, "KH")
    assert s7_hand.legal_plays(3) == parse_cards("5H 6H")
    with pytest.raises(IllegalActionError) as err:
        play(s7_hand, "TS")
    assert err.value.reason == "must_follow_suit"


def test_s9_referee_mode_scores_a_renege_five_up(s7_hand: HandState) -> None:
    stay_all(s7_hand)
    play(s7_hand, "KH", "TS", referee=True)
    assert [p.seat for p in s7_hand.penalties] == [3]
    play(s7_hand, "3C", "2S", "2D", "7D", "4C", "3S", "JS", "5C", "4S", "3D")
    play(s7_hand, "6H", "6C", "5S", "9H", "4D", "5H", "7C", "6S")
    outcome = s7_hand.result()
    assert outcome.tricks == (0, 0, 2, 3)
    assert outcome.deltas == (5, 5, -2, -3 + 5)


def test_s8_later_tricks_may_be_smoked_while_holding_the_led_suit(
    s7_hand: HandState,
) -> None:
    stay_all(s7_hand)
    play(s7_hand, "KH", "5H", "3C", "2S", "2D")
    assert s7_hand.legal_plays(3) == parse_cards("7D 6H")
    with pytest.raises(IllegalActionError) as err:
        play(s7_hand, "TS")
    assert err.value.reason == "must_follow_or_smoke"
    play(s7_hand, "6H", "4C", "3S")
    assert s7_hand.tricks[1].winner == 3 and s7_hand.leader == 3


def test_void_in_led_suit_may_sluff_anything(s7_hand: HandState) -> None:
    stay_all(s7_hand)
    play(s7_hand, "KH", "5H")
    assert s7_hand.legal_plays(0) == sorted(s7_hand.hands[0])


def test_highest_card_of_the_led_suit_wins_without_smoke(s7_hand: HandState) -> None:
    stay_all(s7_hand)
    play(s7_hand, "KH", "5H", "3C", "2S", "4D", "7D", "7C", "6S")
    assert s7_hand.tricks[1].winner == 3


def test_no_stayer_holds_smoke_under_the_gun_leads_anything() -> None:
    state = make_hand(
        ["3C 4C 5C 6C 7C", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "8S 9S TS JS QS"], "2H"
    )
    stay_all(state)
    assert state.turn == 1 and state.legal_plays(1) == parse_cards("2S 3S 4S 5S 6S")


def test_sitters_do_not_play(s7_hand: HandState) -> None:
    s7_hand.apply(Action.sit())  # seat 1
    stay_all(s7_hand)
    assert s7_hand.stayers == [2, 3, 0]
    play(s7_hand, "KH", "5H", "3C")
    assert len(s7_hand.tricks) == 1 and s7_hand.turn == 2


def test_nobody_stays_the_hand_is_void() -> None:
    state = HandState(3, seed=2)
    for _ in range(3):
        state.apply(Action.sit())
    assert state.is_over() and state.result().is_void and state.legal_actions() == []


def test_a_lone_stayer_takes_all_five_tricks() -> None:
    state = HandState(3, seed=2)
    state.apply(Action.sit())
    state.apply(Action.sit())
    state.apply(Action.draw())
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    assert state.result().tricks == (5, 0, 0)
    assert state.result().deltas == (-5, 0, 0)


def test_s1_stayer_without_a_trick_goes_up_five(s7_hand: HandState) -> None:
    stay_all(s7_hand)
    play(s7_hand, "KH", "5H", "3C", "2S", "2D", "6H", "4C", "3S")
    play(s7_hand, "7D", "5C", "4S", "3D", "TS", "6C", "5S", "4D")
    play(s7_hand, "JS", "7C", "6S", "9H")
    outcome = s7_hand.result()
    assert sum(outcome.tricks) == 5 and outcome.tricks[0] == outcome.tricks[1] == 0
    assert outcome.deltas[0] == outcome.deltas[1] == 5
    assert outcome.first_trick == 2


def test_out_of_turn_and_wrong_phase_are_rejected(s7_hand: HandState) -> None:
    with pytest.raises(IllegalActionError) as err:
        play(s7_hand, "3C")
    assert err.value.reason == "phase"
    stay_all(s7_hand)
    with pytest.raises(IllegalActionError) as err:
        play(s7_hand, "3C")  # seat 0's card, seat 2 leads
    assert err.value.reason == "not_in_hand"
    with pytest.raises(IllegalActionError):
        s7_hand.apply(Action.sit())


def test_forced_draw_of_a_seen_card_is_rejected() -> None:
    state = HandState(4, seed=3)
    seen = state.hands[2][0]
    with pytest.raises(IllegalActionError) as err:
        state.apply(Action.draw(state.hands[1][:1]), drawn=[seen])
    assert err.value.reason == "stock"


def test_outcome_before_the_end_is_an_error() -> None:
    with pytest.raises(IllegalActionError):
        HandState(3, seed=1).result()


def test_each_seat_sees_its_own_cards_and_no_one_elses(s7_hand: HandState) -> None:
    stay_all(s7_hand)
    play(s7_hand, "KH")
    for seat in range(4):
        view = s7_hand.seat_view(seat)
        json.dumps(view)
        assert view["hand"] == [c.code for c in sorted(s7_hand.hands[seat])]
        text = json.dumps({k: v for k, v in view.items() if k != "hand"})
        for other in range(4):
            if other != seat:
                assert not any(f'"{c.code}"' in text for c in s7_hand.hands[other])
        assert not any(f'"{c.code}"' in json.dumps(view) for c in s7_hand.stock)
        assert view["trick"] == [[2, "KH"]]
        assert bool(view["legal"]) == (seat == s7_hand.turn)


def test_observation_shows_draw_counts_not_cards() -> None:
    state = HandState(4, seed=3)
    discards = state.hands[1][:2]
    state.apply(Action.draw(discards))
    view = state.seat_view(2)
    assert view["decisions"] == [{"seat": 1, "action": "draw", "count": 2}]
    assert not any(f'"{c.code}"' in json.dumps(view) for c in discards + state.hands[1])
