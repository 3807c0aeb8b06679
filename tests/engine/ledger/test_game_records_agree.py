"""The ledger and the engine's game records agree: random games at tables of four to six,
with misdeals (waived or not), several losers, rulings of every penalty, late corrections
(dealers and sit-outs then stay as played) and both placka modes, replayed by the ledger,
written as game records and replayed by the engine, give the same dealers, sit-outs,
losers, letters, completions, disqualifications and placings."""

from __future__ import annotations

import random

import pytest

from engine import Ruleset
from engine.gamerecord import replay_game
from engine.ledger import (
    DealCorrected,
    DealRecorded,
    Event,
    LedgerSettings,
    Misdeal,
    Penalty,
    PlackaMode,
    RenoncKind,
    RulingMade,
    replay,
)
from tournaments.exports.game_records import TableRules, record_of_state

BOTH = Ruleset(tie_without_hejma="both")


def _ruling(
    rng: random.Random, deal_id: str, active: tuple[str, ...], out: tuple[str, ...]
) -> RulingMade:
    penalty = rng.choice(list(Penalty))
    offender = rng.choice(active)
    if penalty is Penalty.LOSES_DEAL and offender in out:
        penalty = Penalty.EXTRA_LETTER
    kind = RenoncKind.REVOKE if penalty is Penalty.BAN else rng.choice(list(RenoncKind))
    return RulingMade(
        f"r{deal_id}", deal_id, kind, offender, penalty, intentional=penalty is Penalty.BAN
    )


def _random_game(rng: random.Random) -> tuple[LedgerSettings, list[Event]]:
    settings = LedgerSettings.for_word(
        rng.choice(["KO", "KOS", "TONDA"]),
        seats=rng.choice([4, 5, 6]),
        placka_mode=rng.choice(list(PlackaMode)),
    )
    events: list[Event] = []
    for n in range(40):
        state = replay(settings, events)
        for k in range(rng.choice([0, 0, 0, 1, 2, 3])):
            if state.finished:
                break
            events.append(Misdeal(f"m{n}.{k}", waived=rng.random() < 0.3))
            state = replay(settings, events)
        upcoming = state.next_deal
        if upcoming is None:
            break
        losers = tuple(rng.sample(upcoming.players, 2 if rng.random() < 0.15 else 1))
        deal_id = f"d{n}"
        events.append(DealRecorded(deal_id, losers, None, upcoming.sitting_out, upcoming.dealer))
        if rng.random() < 0.3:
            events.append(_ruling(rng, deal_id, state.active_seats, upcoming.sitting_out))
        counted = [d for d in state.deals if d.counted and d.deal_id]
        if counted and rng.random() < 0.1:
            # A referee's late correction: later dealers and sit-outs stay as played.
            old = rng.choice(counted)
            loser = (rng.choice(old.players),)
            events.append(DealCorrected(f"c{n}", str(old.deal_id), loser))
        if replay(settings, events).finished:
            break
    return settings, events


@pytest.mark.parametrize("seed", range(8))
def test_ledger_and_game_records_agree_on_random_games(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        settings, events = _random_game(rng)
        state = replay(settings, events)
        rules = TableRules(BOTH, "dealer", str(settings.placka_mode))
        record = record_of_state(state, rules)
        outcome = replay_game(record)  # checks the ledger's result member by member
        counted = [d for d in state.deals if d.deal_id is not None and d.counted]
        played = [d for d in outcome.deals if d.played]
        assert [(d.dealer, d.sitting_out, d.losers) for d in counted] == [
            (d.dealer, d.sat_out, d.losers) for d in played
        ]
        assert outcome.letters == {s.seat: s.letters for s in state.seats}
        assert outcome.finished == state.finished
