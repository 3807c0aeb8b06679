"""The deal state machine, rule by rule (rules-analysis.md section 4)."""

from __future__ import annotations

import pytest

from engine import IllegalActionError, Ruleset, Seat
from engine.actions import pass_action
from engine.cards import INDEX
from engine.deal import PASS_FLAG, Deal
from engine.stats import deal_stats
from engine.views import seat_view
from tests.engine.helpers import deal_after_pass, fill_hands, play, random_deal


def test_deal_is_reproducible_from_a_seed() -> None:
    a, b = Deal.new(seed=42), Deal.new(seed=42)
    assert [a.hand(s) for s in Seat] == [b.hand(s) for s in Seat]
    assert [a.hand(s) for s in Seat] != [Deal.new(seed=43).hand(s) for s in Seat]


def test_the_seat_left_of_the_dealer_passes_and_leads_first() -> None:
    deal = Deal.new(seed=1, dealer=Seat.C)
    assert deal.turn is Seat.D
    for _ in range(4):
        deal.apply(deal.legal_actions()[0])
    assert deal.phase == "play" and deal.turn is Seat.D


def test_t36_received_cards_are_hidden_until_the_seat_has_passed() -> None:
    deal = Deal.new(seed=5, dealer=Seat.D)
    a_first = deal.hand_mask(Seat.A)
    deal.apply(deal.legal_actions(Seat.A)[0])  # A passes to B
    assert deal.hand_mask(Seat.B).bit_count() == 8  # B does not see A's cards yet
    assert seat_view(deal, Seat.B)["received"] is None
    deal.apply(deal.legal_actions(Seat.B)[5])
    assert deal.hand_mask(Seat.B).bit_count() == 8  # 5 kept + 3 received
    assert seat_view(deal, Seat.B)["received"] is not None
    assert deal.hand_mask(Seat.A).bit_count() == 5  # D has not passed yet
    for s in (Seat.C, Seat.D):
        deal.apply(deal.legal_actions(s)[-1])
    assert all(deal.hand_mask(s).bit_count() == 8 for s in Seat)
    assert deal.hand_mask(Seat.A) != a_first


def test_passes_may_come_in_any_order_but_only_once_and_from_the_hand() -> None:
    deal = Deal.new(seed=9)
    first = deal.legal_actions(Seat.D)[0]
    deal.apply(first, Seat.D)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(first)
    assert info.value.reason == "pass"
    not_held = [c for c in range(32) if not deal.hand_mask(Seat.A) >> c & 1][:3]
    with pytest.raises(IllegalActionError, match="3 cards of its hand"):
        deal.apply(PASS_FLAG | sum(1 << c for c in not_held))
    with pytest.raises(IllegalActionError, match="only after the pass"):
        deal.apply(0)
    with pytest.raises(IllegalActionError, match="only during play"):
        deal.apply(32)
    with pytest.raises(IllegalActionError):
        deal.apply(pass_action("A", deal.hand(Seat.A)[:3]), Seat.B)


def _hands_for_one_trick(fixed: dict[str, list[str]], void: dict[str, str]) -> Deal:
    return deal_after_pass(fill_hands(fixed, void), dealer=3)  # A leads


def test_t6_a_void_seat_discards_and_the_highest_of_the_led_suit_takes() -> None:
    deal = _hands_for_one_trick({"A": ["TD"], "B": ["KH"], "C": ["7D"], "D": ["AD"]}, {"B": "D"})
    play(deal, "TD", "KH", "7D", "AD")
    assert deal.points() == (0, 0, 0, 4) and deal.turn is Seat.D


def test_t7_no_trumps_the_lead_takes_hearts_and_hejma() -> None:
    deal = _hands_for_one_trick(
        {"A": ["8C"], "B": ["AH"], "C": ["QS"], "D": ["7C"]}, {"B": "C", "C": "C"}
    )
    play(deal, "8C", "AH", "QS", "7C")
    assert deal.points()[0] == 15 and deal_stats(deal).hejma is Seat.A


def test_t8_t10_the_deal_ends_as_soon_as_a_trick_brings_a_seat_to_17() -> None:
    deal = _hands_for_one_trick(
        {"A": ["KH"], "B": ["QS"], "C": ["QH"], "D": ["7D"]}, {"B": "H", "D": "H"}
    )
    play(deal, "KH", "QS", "QH", "7D")
    assert deal.is_over() and deal.points()[0] == 17
    result = deal.result()
    assert result.end == "early" and result.loser == (Seat.A,) and result.last_trick is None


def test_t9_16_points_do_not_end_the_deal() -> None:
    deal = _hands_for_one_trick(
        {"A": ["KH"], "B": ["QS"], "C": ["JH"], "D": ["7D"]}, {"B": "H", "D": "H"}
    )
    play(deal, "KH", "QS", "JH", "7D")
    assert not deal.is_over() and deal.points()[0] == 16


def test_early_end_off_plays_on() -> None:
    hands = fill_hands({"A": ["KH"], "B": ["QS"], "C": ["QH"], "D": ["7D"]}, {"B": "H", "D": "H"})
    deal = deal_after_pass(hands, 3, Ruleset(early_end=False))
    play(deal, "KH", "QS", "QH", "7D")
    assert not deal.is_over()


def test_t12_must_follow_suit_t13_need_not_beat() -> None:
    deal = _hands_for_one_trick({"A": ["TS"], "B": ["AS", "7S", "9D"]}, {})
    play(deal, "TS")
    with pytest.raises(IllegalActionError) as info:
        deal.apply(INDEX["9D"])
    assert info.value.reason == "follow"
    assert INDEX["7S"] in deal.legal_actions() and INDEX["AS"] in deal.legal_actions()
    play(deal, "7S")


def test_t14_hejma_or_a_heart_may_be_led_first() -> None:
    deal = _hands_for_one_trick({"A": ["QS", "AH"]}, {})
    assert {INDEX["QS"], INDEX["AH"]} <= set(deal.legal_actions())


def test_t39_out_of_turn_is_refused_without_penalty() -> None:
    deal = _hands_for_one_trick({"B": ["7C"]}, {})
    with pytest.raises(IllegalActionError) as info:
        deal.apply(INDEX["7C"], Seat.B)
    assert info.value.reason == "turn"
    with pytest.raises(IllegalActionError) as info:
        deal.apply(INDEX["7C"])  # A does not hold it
    assert info.value.reason == "card"
    assert deal.legal_actions(Seat.B) == ()


def test_t4_t5_the_last_trick_is_worth_5() -> None:
    for seed in range(200):
        deal = random_deal(seed, Ruleset(early_end=False))
        result = deal.result()
        _leader, _cards, taker = deal._tricks[-1]
        assert result.last_trick == Seat(taker)
        assert sum(result.points) == 33


def test_t40_mariash_order_puts_the_ten_second() -> None:
    fixed = {"A": ["TH"], "B": ["KH"], "C": ["9H"], "D": ["7H"]}
    natural = deal_after_pass(fill_hands(fixed), 3)
    mariash = deal_after_pass(fill_hands(fixed), 3, Ruleset(rank_order="mariash"))
    for deal in (natural, mariash):
        play(deal, "TH", "KH", "9H", "7H")
    assert natural.points() == (0, 7, 0, 0) and mariash.points() == (7, 0, 0, 0)


def test_t38_honest_suit() -> None:
    hands = [0x03030303, 0x0C0C0C0C, 0x30303030, 0xC0C0C0C0]
    deal = deal_after_pass(hands)
    assert len(deal_stats(deal).honest_suits) == 4


def test_packing_takes_everything_left_and_the_last_trick() -> None:
    deal = _hands_for_one_trick({}, {})
    play(deal, *[c for c in [deal.legal_actions()[0]]] and [])
    first = deal.legal_actions()[0]
    deal.apply(first)  # one card on the table (T17)
    deal.apply(32 + 2, Seat.C)  # C packs out of turn
    result = deal.result()
    assert result.end == "packed" and result.points == (0, 0, 33, 0)
    assert result.hejma is Seat.C and result.last_trick is Seat.C and result.tricks == (0, 0, 0, 0)
    with pytest.raises(IllegalActionError, match="over"):
        deal.apply(0)


def test_t16_packing_is_refused_when_the_total_stays_under_17() -> None:
    refused = 0
    for seed in range(300):
        deal = random_deal(seed, Ruleset(early_end=False))
        replay = Deal(list(deal._dealt), int(deal.dealer), deal.ruleset)
        for action in deal.history:
            for s in range(4):
                total = replay._pts[s] + 33 - replay._taken
                can = replay.phase == "play" and total >= 17
                assert replay.can_pack(s) == can
                if replay.phase == "play" and not can:
                    probe = replay.clone()
                    with pytest.raises(IllegalActionError) as info:
                        probe.apply(32 + s)
                    assert info.value.reason == "pack"
                    refused += 1
            replay.apply(action)
    assert refused > 0


def test_result_of_an_unfinished_deal_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="not over"):
        Deal.new(seed=1).result()


@pytest.mark.parametrize("bad", [-1, 36, 1 << 40, "7H", None, 2.0, True])
def test_junk_actions_raise(bad: object) -> None:
    deal = Deal.new(seed=1)
    with pytest.raises(IllegalActionError):
        deal.apply(bad)  # type: ignore[arg-type]
