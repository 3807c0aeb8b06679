"""The engine is the one authority for who deals next and who sits out (RULES.md, "One
deal" 8, "A game" and "Tables of five and six"): its functions, its games and its
game-record scorer give one answer, the same one."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import SEATS, DealResult, Game, InvalidRecordError, Ruleset, Seat, score_game_record
from engine.table_rules import SEAT_LETTERS, SitOutRule, last_clockwise, next_dealer, sit_out
from tests.engine.random_games import bot_deal

BOUNDED = settings(max_examples=60, deadline=None)
RULESETS = st.builds(
    Ruleset,
    rank_order=st.sampled_from(["natural", "mariash"]),
    early_end=st.booleans(),
    tie_without_hejma=st.sampled_from(["last_trick", "both"]),
)


def first_clockwise(dealer: str, losers: set[str], order: str) -> str:
    """Counted out by hand: step clockwise from the dealer's left until a loser."""
    n = len(order)
    steps = {seat: (order.index(seat) - order.index(dealer) - 1) % n for seat in losers}
    return min(losers, key=steps.__getitem__)


def test_two_revokes_the_first_loser_clockwise_deals_not_the_first_offender() -> None:
    # RULES.md, One deal 8: dealer D, C revokes at play 2 and B at play 5.
    assert next_dealer("D", ["C", "B"]) == "B"
    assert next_dealer("D", ["B", "C"]) == "B"


@BOUNDED
@given(
    seats=st.integers(4, 6),
    data=st.data(),
)
def test_next_dealer_is_a_loser_first_clockwise_from_the_dealers_left(
    seats: int, data: st.DataObject
) -> None:
    order = "".join(SEAT_LETTERS[:seats])
    dealer = data.draw(st.sampled_from(order))
    losers = data.draw(st.lists(st.sampled_from(order), min_size=1, max_size=4, unique=True))
    answer = next_dealer(dealer, losers, order)
    assert answer == first_clockwise(dealer, set(losers), order)
    assert next_dealer(dealer, list(reversed(losers)), order) == answer


@BOUNDED
@given(seats=st.integers(5, 6), data=st.data())
def test_a_loser_who_left_the_table_is_passed_over_clockwise(
    seats: int, data: st.DataObject
) -> None:
    order = "".join(SEAT_LETTERS[:seats])
    gone = data.draw(st.sampled_from(order))
    active = order.replace(gone, "")
    dealer = data.draw(st.sampled_from(active))
    losers = data.draw(st.lists(st.sampled_from(order), min_size=1, max_size=3, unique=True))
    answer = next_dealer(dealer, losers, order, active)
    assert answer in active
    named = first_clockwise(dealer, set(losers), order)
    if named != gone:
        assert answer == named
    else:  # RULES.md: the next seat clockwise from it still at the table, a loser or not
        assert answer == active[(order.index(gone)) % len(active)]


@BOUNDED
@given(seed=st.integers(0, 2**32), ruleset=RULESETS)
def test_the_game_record_scorer_accepts_exactly_the_engines_next_dealer(
    seed: int, ruleset: Ruleset
) -> None:
    rng = random.Random(seed)
    dealer = rng.choice(SEATS)
    first, result = bot_deal(rng, dealer, ruleset, revoke_rate=0.15, pack_rate=0.02)
    expected = result.next_dealer(dealer)
    assert expected.code == first_clockwise(dealer.code, {s.code for s in result.loser}, "ABCD")
    accepted = []
    for seat in SEATS:
        second, _ = bot_deal(rng, seat, ruleset)
        record = {"word": "TONDA", "first_dealer": dealer.code, "deals": [first, second]}
        try:
            score_game_record(record, ruleset)
        except InvalidRecordError as err:
            assert err.code == "dealer"
        else:
            accepted.append(seat)
    assert accepted == [expected]


@BOUNDED
@given(
    seed=st.integers(0, 2**32),
    ruleset=RULESETS,
    word=st.sampled_from(["KOS", "TONDA"]),
)
def test_engine_games_and_their_records_agree_on_dealers_letters_and_the_end(
    seed: int, ruleset: Ruleset, word: str
) -> None:
    rng = random.Random(seed)
    game = Game(word, seed=seed, ruleset=ruleset, first_dealer=rng.choice(SEATS))
    while not game.is_over():
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    for before, result, after in zip(game.records, game.results, game.records[1:], strict=False):
        losers = {s.code for s in result.loser}
        assert after["dealer"] == first_clockwise(str(before["dealer"]), losers, "ABCD")
    scored = score_game_record(
        {"word": word, "first_dealer": game.first_dealer.code, "deals": game.records}, ruleset
    )
    assert list(scored.letters) == game.letters
    assert scored.loser == game.loser
    assert [r.loser for r in scored.deals] == [r.loser for r in game.results]


@BOUNDED
@given(rule=st.sampled_from(SitOutRule), seats=st.integers(4, 6), data=st.data())
def test_sit_out_takes_the_seats_the_rule_names(
    rule: SitOutRule, seats: int, data: st.DataObject
) -> None:
    order = SEAT_LETTERS[:seats]
    dealer = data.draw(st.sampled_from(order))
    block = sit_out(rule, dealer, order, order)
    assert len(block) == seats - 4
    assert list(block) == sorted(block)
    if seats == 4:
        return
    assert dealer in block  # the first deal sits out as under `dealer`, whatever the rule
    if seats == 6:
        i = order.index(dealer)
        neighbour = order[(i + 1) % 6] if rule is SitOutRule.DEALER_AND_LEFT else order[i - 1]
        assert set(block) == {dealer, neighbour}


@BOUNDED
@given(seats=st.integers(5, 6), deals=st.integers(6, 30), seed=st.integers(0, 2**32))
def test_rotation_sits_everyone_out_in_turn_whoever_deals(
    seats: int, deals: int, seed: int
) -> None:
    rng = random.Random(seed)
    order = SEAT_LETTERS[:seats]
    counts = dict.fromkeys(order, 0)
    anchor = None
    for _ in range(deals):
        block = sit_out(SitOutRule.ROTATION, rng.choice(order), order, order, anchor)
        for seat in block:
            counts[seat] += 1
        anchor = last_clockwise(block, order, order)
    assert max(counts.values()) - min(counts.values()) <= 1


@pytest.mark.parametrize("rule", list(SitOutRule))
def test_a_table_down_to_four_has_nobody_sitting_out(rule: SitOutRule) -> None:
    assert sit_out(rule, "B", "ABCE", "ABCDE", anchor="A") == ()


def test_a_tie_scored_both_goes_to_the_first_loser_clockwise_not_the_last_tricks_taker() -> None:
    tie = DealResult(
        points=(11, 11, 10, 1),
        tricks=(3, 2, 2, 1),
        hejma=Seat.C,
        last_trick=Seat.B,
        loser=(Seat.A, Seat.B),
        end="played",
    )
    assert tie.next_dealer(Seat.D) == Seat.A
    assert tie.next_dealer(Seat.A) == Seat.B
