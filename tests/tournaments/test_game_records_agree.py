"""The site's game records and the engine's reader of them: random scorekept games at
tables of four to six, with misdeals (waived or not), several losers, rulings of every
penalty, late corrections (dealers and sit-outs then stay as played, deals are held) and
both placka modes. The game's ledger state is written as a record
(:func:`record_of_state`, the export's writer) and read back by
:func:`engine.gamerecord.replay_game`, which turns the record into other ledger events
(no corrections, facts of play, held deals): it must give the deals and the result the
site counts, and refuse a record whose declared dealer, sit-outs or result is altered,
naming the deal and the field."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engine import Ruleset
from engine.errors import InvalidRecordError
from engine.gamerecord import replay_game
from engine.ledger import (
    DealCorrected,
    DealRecorded,
    Event,
    LedgerSettings,
    LedgerState,
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


def _record(settings: LedgerSettings, events: list[Event]) -> tuple[LedgerState, dict[str, Any]]:
    state = replay(settings, events)
    rules = TableRules(BOTH, "dealer", str(settings.placka_mode))
    return state, record_of_state(state, rules)


@pytest.mark.parametrize("seed", range(8))
def test_a_written_record_replays_to_the_deals_and_result_the_site_counts(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        state, record = _record(*_random_game(rng))
        outcome = replay_game(record)  # also checks the written result member by member
        counted = [d for d in state.deals if d.deal_id is not None and d.counted]
        played = [d for d in outcome.deals if d.played]
        assert [(d.dealer, d.sitting_out, d.recorded_losers, d.losers) for d in counted] == [
            (d.dealer, d.sat_out, d.recorded_losers, d.losers) for d in played
        ]
        assert [len(d.misdeals) for d in state.deals if d.counted] == [
            len(d.misdeals) for d in played
        ]
        assert outcome.letters == {s.seat: s.letter_count for s in state.seats}
        assert outcome.placings == (
            {s.seat: s.place for s in state.seats if s.place is not None}
            if state.finished
            else None
        )
        assert outcome.finished == state.finished


def _refusal(record: dict[str, Any]) -> InvalidRecordError:
    with pytest.raises(InvalidRecordError) as exc:
        replay_game(record)
    return exc.value


@pytest.mark.parametrize("seed", range(4))
def test_an_altered_record_is_refused_naming_the_deal_and_the_field(seed: int) -> None:
    rng = random.Random(100 + seed)
    altered = {"dealer": 0, "sat_out": 0, "result": 0}
    for _ in range(40):
        _state, record = _record(*_random_game(rng))
        letters = record["result"]["letters"]
        seat = rng.choice(sorted(letters))
        wrong = copy.deepcopy(record)
        wrong["result"]["letters"][seat] += 1
        assert _refusal(wrong).detail.startswith("result.letters: the deals give")
        altered["result"] += 1
        seats = [s["seat"] for s in record["seats"]]
        by_rules = [
            (n, entry)
            for n, entry in enumerate(record["deals"], start=1)
            if "losers" in entry and not entry.get("as_played")
        ]
        if not by_rules:
            continue
        number, entry = rng.choice(by_rules)
        wrong = copy.deepcopy(record)
        wrong["deals"][number - 1]["dealer"] = rng.choice(
            [s for s in seats if s != entry["dealer"]]
        )
        err = _refusal(wrong)
        assert (err.code, err.detail.split(":")[0:2]) == ("dealer", [f"deal {number}", " dealer"])
        altered["dealer"] += 1
        if entry["sat_out"]:
            others = [s for s in seats if s not in entry["sat_out"]]
            wrong = copy.deepcopy(record)
            wrong["deals"][number - 1]["sat_out"] = sorted(
                rng.sample(others, len(entry["sat_out"]))
            )
            err = _refusal(wrong)
            assert err.code == "sit_out" and err.detail.startswith(f"deal {number}: sat_out: ")
            altered["sat_out"] += 1
    assert all(altered.values()), altered
