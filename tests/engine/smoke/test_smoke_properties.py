"""Invariants over random hands and sessions (OpenSpiel-style random simulation)."""

from __future__ import annotations

import doctest
import importlib
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.smoke.actions import Action, Kind
from engine.smoke.bots import RandomBot, play_session
from engine.smoke.cards import full_deck
from engine.smoke.errors import IllegalActionError
from engine.smoke.hand import HandState, Phase


def _all_cards(state: HandState) -> list[object]:
    played = [c for t in state.tricks for _, c in t.plays] + [c for _, c in state.trick]
    held = [c for h in state.hands for c in h]
    return [*held, *state.stock, *state.discards, state.turned, *played]


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 7), st.integers(0, 6), st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_hand_invariants(n: int, dealer: int, seed: int, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    state = HandState(n, dealer % n, seed=seed)
    while not state.is_over():
        legal = state.legal_actions()
        assert legal and legal == sorted(legal)
        # an illegal card is refused, and the state does not change
        if state.phase is Phase.PLAY:
            seat = state.turn
            assert seat is not None
            wrong = [c for c in full_deck() if Action.play(c) not in legal]
            before = len(state.trick)
            with pytest.raises(IllegalActionError):
                state.apply(Action.play(rng.choice(wrong)))
            assert len(state.trick) == before
        state.apply(rng.choice(legal))
        cards = _all_cards(state)
        assert len(cards) == 52 and len(set(cards)) == 52
    assert state.legal_actions() == [] and state.turn is None
    outcome = state.result()
    if outcome.is_void:
        assert sum(outcome.tricks) == 0
    else:
        assert sum(outcome.tricks) == 5 and outcome.first_trick in outcome.stayers
        for seat in range(n):
            took = outcome.tricks[seat]
            if seat not in outcome.stayers:
                assert outcome.deltas[seat] == 0 and took == 0
            else:
                assert outcome.deltas[seat] == (-took if took else 5)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 7), st.integers(0, 2**32))
def test_random_session_invariants(n: int, seed: int) -> None:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(n)]
    sheet, records = play_session(
        [RandomBot(random.Random(seed + i)) for i in range(n)], names, rng=rng, max_hands=300
    )
    previous = {name: 10 for name in names}
    sits = {name: 0 for name in names}
    for result, record in zip(sheet.results, records, strict=True):
        entry = result.entry
        for standing in result.standings:
            name = standing.name
            stayed = name in entry.stayed
            took = entry.tricks_of(name)
            fines = 5 * sum(1 for i in entry.infractions if i.who == name)
            delta = (-took if took else 5) if stayed else 0
            assert standing.tally == max(0, previous[name] + delta + fines)
            assert standing.change == standing.tally - previous[name]
            assert standing.sits == (0 if stayed else sits[name] + 1) <= 2
            if not stayed:
                assert previous[name] > 2  # nobody in the box sat
            previous[name], sits[name] = standing.tally, standing.sits
        assert record.dealer == entry.dealer
    if sheet.is_over():
        assert sheet.tallies()[sheet.winner or ""] == 0


MODULES = [
    "actions",
    "bots",
    "cards",
    "errors",
    "hand",
    "jargon",
    "readout",
    "record",
    "rules",
    "sessions",
    "tally",
    "views",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(f"engine.smoke.{name}")
    failed, _ = doctest.testmod(module)
    assert failed == 0


def test_importing_the_engine_loads_no_django() -> None:
    code = (
        "import sys, engine.smoke.cli, engine.smoke.sessions; "
        "sys.exit(any(m.startswith('django') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_draw_actions_have_kind_draw() -> None:
    assert Action.parse("draw 2C").kind is Kind.DRAW
