"""A live :class:`engine.Game` reads its rules from the game ledger; its deals, written as
a game record and replayed by :func:`engine.gamerecord.replay_game`, give the same
letters, dealers, end and placings, and both agree with counting by hand.

Games are played by the engine's bots in referee mode (a revoke is accepted and loses
the deal), with revokes by one or several seats and ties scored ``both``, so deals
with several losers are common."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import SEATS, Game, HeuristicBot, RandomBot, Ruleset
from engine.bots import bot_action
from engine.gamerecord import FORMAT, replay_game
from tests.engine.random_games import revoke_card

TIE_BOTH = Ruleset(tie_without_hejma="both")


def bot_game(seed: int, word: str, revoke_rate: float) -> Game:
    """A game the bots play to its end; a seat revokes at ``revoke_rate`` per card."""
    rng = random.Random(seed)
    game = Game(word, seed=seed, ruleset=TIE_BOTH, first_dealer=rng.choice(SEATS), referee=True)
    bots = [RandomBot(rng=rng), HeuristicBot()]
    while not game.is_over():
        deal, turn = game.deal, game.turn
        assert turn is not None
        card = None
        if deal.phase == "play" and rng.random() < revoke_rate:
            card = revoke_card(deal, turn, list(deal.legal_actions()), rng)
        game.apply(card if card is not None else bot_action(rng.choice(bots), deal, turn))
    return game


def first_clockwise(dealer: str, losers: set[str]) -> str:
    """Counted out by hand: step clockwise from the dealer's left until a loser."""
    return min(losers, key=lambda seat: ("ABCD".index(seat) - "ABCD".index(dealer) - 1) % 4)


def assert_game_and_record_agree(game: Game, word: str) -> None:
    """The game's letters, dealers and end, counted by hand and replayed from its record."""
    losers = [{s.code for s in result.loser} for result in game.results]
    dealers = [str(record["dealer"]) for record in game.records]

    # By hand: a letter per lost deal, the first loser clockwise deals, the end at the word.
    held = Counter[str]()
    for k, lost in enumerate(losers):
        assert max(held.values(), default=0) < len(word), f"deal {k + 1} came after the end"
        held.update(lost)
    assert {s.code: game.letters[s] for s in SEATS} == {s: held[s] for s in "ABCD"}
    assert max(held.values()) == len(word)
    assert dealers[0] == game.first_dealer.code
    following = [first_clockwise(d, lost) for d, lost in zip(dealers, losers, strict=True)]
    assert dealers[1:] == following[:-1]

    outcome = replay_game(
        {
            "format": FORMAT,
            "ruleset": TIE_BOTH.to_json(),
            "word": word,
            "seats": [{"seat": s.code} for s in SEATS],
            "first_dealer": game.first_dealer.code,
            "deals": [{"record": record} for record in game.records],
        }
    )
    assert outcome.letters == {s.code: game.letters[s] for s in SEATS}
    assert [d.dealer for d in outcome.deals] == dealers
    assert [set(d.losers) for d in outcome.deals] == losers
    assert [d.next_dealer for d in outcome.deals] == [*dealers[1:], None]
    assert outcome.finished and game.is_over()
    assert outcome.completed == tuple(s.code for s in game.loser)
    assert outcome.placings == {s.code: p for s, p in game.placings().items()}


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    word=st.sampled_from(["KOS", "TONDA"]),
    revoke_rate=st.sampled_from([0.0, 0.03, 0.1]),
)
def test_a_bot_game_and_its_game_record_agree(seed: int, word: str, revoke_rate: float) -> None:
    assert_game_and_record_agree(bot_game(seed, word, revoke_rate), word)


def test_games_with_several_losers_in_a_deal_agree() -> None:
    """Deals with several losers are rare at random (ties most of all), so two seeds that
    give them are played here too: revokes by several seats, and a tie scored ``both``."""
    revokes = bot_game(0, "TONDA", 0.1)
    assert any(len({r.seat for r in result.renonc}) > 1 for result in revokes.results)
    assert_game_and_record_agree(revokes, "TONDA")
    tie = bot_game(40, "TONDA", 0.0)
    assert any(len(r.loser) > 1 and r.end != "renonc" for r in tie.results)
    assert_game_and_record_agree(tie, "TONDA")
