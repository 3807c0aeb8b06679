"""JSON records of Smoke hands and sessions: reader, writer, replay, scoring.

A **hand record** holds everything needed to replay a hand::

    {"participants": ["Jim", "Bud", "Whiz"], "dealer": "Jim",
     "tallies": {"Jim": 10, "Bud": 10, "Whiz": 10},       (optional, before the hand)
     "sits": {"Jim": 0, "Bud": 0, "Whiz": 0},            (optional)
     "deal": {"Jim": ["AS", ...], ...}, "smoke": "7H",    (5 dealt each; the turned card)
     "draws": [{"who": "Bud", "action": "draw", "discards": ["2C"], "drawn": ["KD"]},
               {"who": "Whiz", "action": "sit"}, {"who": "Jim", "action": "stay"}],
     "play": ["AH", "3H", ...], "infractions": [{"who": "Bud", "what": "said hearts"}]}

Draws are in order from the dealer's left; ``action`` is ``sit``, ``stay``,
``draw`` or ``mitt``. Who plays each card follows from the rules. A held card
that breaks the lead or follow rules is scored as a renege (five up), as a
physical table would. A **session record** is ``{"participants", "first_dealer",
"hands": [...]}`` where each hand is a hand record (without participants) or a
tally-sheet entry: ``{"dealer", "stayed", "tricks", "infractions", "first_trick",
"first_out"}``. Errors are :class:`RecordError` with a code: ``format``, ``card``,
``participant``, ``deal``, ``draw``, ``play``, or a tally-sheet code.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.smoke.actions import Action, Kind
from engine.smoke.cards import Card, codes
from engine.smoke.errors import CardError, IllegalActionError, RecordError, SmokeError
from engine.smoke.hand import HandState
from engine.smoke.rules import DEFAULT_RULES, SmokeRules
from engine.smoke.tally import HandEntry, Infraction

_REASON_CODES = {"stock": "draw", "not_in_hand": "play", "phase": "play"}


@dataclass(frozen=True)
class Draw:
    """One participant's decision in the draw: ``sit``, or the discards and drawn cards."""

    who: str
    sit: bool
    discards: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()


@dataclass(frozen=True)
class HandRecord:
    """A hand as recorded (see the module docs for the JSON form)."""

    participants: tuple[str, ...]
    dealer: str
    deal: tuple[tuple[Card, ...], ...]
    smoke: Card
    draws: tuple[Draw, ...]
    play: tuple[Card, ...]
    infractions: tuple[Infraction, ...] = ()
    tallies: tuple[int, ...] | None = None
    sits: tuple[int, ...] | None = None


def read_json(text: str) -> Any:
    """Parse JSON text, raising :class:`RecordError` (``format``)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as err:
        raise RecordError(f"not JSON: {err}"[:300]) from err


def _get(data: Any, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if not isinstance(data, dict):
        raise RecordError(f"expected an object, got {type(data).__name__}")
    if key not in data:
        if default is ...:
            raise RecordError(f"missing field {key!r}")
        return default
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"field {key!r} has the wrong type ({type(value).__name__})")
    return value


def _cards(values: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(values, list):
        raise RecordError(f"{where}: expected a list of cards")
    try:
        return tuple(Card.parse(v) for v in values)
    except CardError as err:
        raise RecordError(f"{where}: {err.detail}", code="card") from err


def _names(data: Any, participants: Sequence[str] | None) -> tuple[str, ...]:
    names = _get(data, "participants", list, None)
    if names is None:
        if participants is None:
            raise RecordError("missing field 'participants'")
        return tuple(participants)
    if not all(isinstance(n, str) for n in names):
        raise RecordError("participants must be names")
    if participants is not None and tuple(names) != tuple(participants):
        raise RecordError("the hand's participants differ from the session's", code="participant")
    return tuple(names)


def _seat(names: Sequence[str], name: Any, role: str) -> int:
    if name not in names:
        raise RecordError(f"{role} {name!r} is not a participant", code="participant")
    return list(names).index(name)


def _per_name(data: Any, key: str, names: Sequence[str]) -> tuple[int, ...] | None:
    table = _get(data, key, dict, None)
    if table is None:
        return None
    if set(table) != set(names) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in table.values()
    ):
        raise RecordError(f"{key!r} needs a whole number for each participant")
    return tuple(table[n] for n in names)


def _infractions(data: Any, names: Sequence[str]) -> tuple[Infraction, ...]:
    items = _get(data, "infractions", list, [])
    out = []
    for item in items:
        who = _get(item, "who", str)
        _seat(names, who, "infraction by")
        out.append(Infraction(who, _get(item, "what", str, "infraction")))
    return tuple(out)


def hand_from_dict(data: Any, participants: Sequence[str] | None = None) -> HandRecord:
    """Read a hand record (shape only: :func:`replay` checks the rules)."""
    names = _names(data, participants)
    deal = _get(data, "deal", dict)
    if set(deal) != set(names):
        raise RecordError("'deal' needs the cards of each participant", code="deal")
    draws = []
    for item in _get(data, "draws", list):
        who, action = _get(item, "who", str), _get(item, "action", str)
        if action not in ("sit", "stay", "draw", "mitt"):
            raise RecordError(f"unknown draw action {action!r} (sit, stay, draw, mitt)")
        draws.append(
            Draw(
                who,
                action == "sit",
                _cards(_get(item, "discards", list, []), who),
                _cards(_get(item, "drawn", list, []), who),
            )
        )
    return HandRecord(
        participants=names,
        dealer=names[_seat(names, _get(data, "dealer", str), "dealer")],
        deal=tuple(_cards(deal[n], f"deal of {n}") for n in names),
        smoke=_cards([_get(data, "smoke", str)], "smoke")[0],
        draws=tuple(draws),
        play=_cards(_get(data, "play", list), "play"),
        infractions=_infractions(data, names),
        tallies=_per_name(data, "tallies", names),
        sits=_per_name(data, "sits", names),
    )


def hand_to_dict(record: HandRecord, *, with_participants: bool = True) -> dict[str, Any]:
    """Write a hand record; :func:`hand_from_dict` reads it back."""
    names = record.participants
    out: dict[str, Any] = {"participants": list(names)} if with_participants else {}
    out["dealer"] = record.dealer
    if record.tallies is not None:
        out["tallies"] = dict(zip(names, record.tallies, strict=True))
    if record.sits is not None:
        out["sits"] = dict(zip(names, record.sits, strict=True))
    out["deal"] = {n: codes(cards) for n, cards in zip(names, record.deal, strict=True)}
    out["smoke"] = record.smoke.code
    out["draws"] = [
        {"who": d.who, "action": "sit"}
        if d.sit
        else {
            "who": d.who,
            "action": "draw",
            "discards": codes(d.discards),
            "drawn": codes(d.drawn),
        }
        for d in record.draws
    ]
    out["play"] = codes(record.play)
    out["infractions"] = [{"who": i.who, "what": i.what} for i in record.infractions]
    return out


def record_of(state: HandState, names: Sequence[str]) -> HandRecord:
    """The record of an engine-played hand (``names`` by seat)."""
    names = tuple(names)
    draws = tuple(
        Draw(names[d.seat], d.action.kind is Kind.SIT, d.action.cards, d.drawn)
        for d in state.decisions
    )
    plays = tuple(card for trick in state.tricks for _, card in trick.plays)
    return HandRecord(
        participants=names,
        dealer=names[state.dealer],
        deal=state.dealt,
        smoke=state.turned,
        draws=draws,
        play=plays + tuple(card for _, card in state.trick),
        tallies=tuple(state.tallies or ()),
        sits=tuple(state.sits or ()),
    )


def replay(
    record: HandRecord,
    *,
    tallies: Sequence[int] | None = None,
    sits: Sequence[int] | None = None,
    rules: SmokeRules = DEFAULT_RULES,
) -> HandState:
    """Replay a record to the end; raise :class:`RecordError` where it breaks the rules."""
    names = record.participants
    dealer = names.index(record.dealer)
    try:
        state = HandState.from_deal(
            record.deal,
            record.smoke,
            dealer=dealer,
            rules=rules,
            rng=random.Random(0),
            tallies=tallies if tallies is not None else record.tallies,
            sits=sits if sits is not None else record.sits,
        )
    except SmokeError as err:
        raise RecordError(err.detail, code=err.code) from err
    for i, draw in enumerate(record.draws):
        expected = state.turn
        if expected is None or state.phase.value != "draw":
            raise RecordError(f"draw {i}: the draw is already over", code="draw")
        if draw.who != names[expected]:
            raise RecordError(
                f"draw {i}: {names[expected]} decides now, not {draw.who}", code="draw"
            )
        action = Action.sit() if draw.sit else Action.draw(draw.discards)
        try:
            state.apply(action, drawn=None if draw.sit else draw.drawn)
        except IllegalActionError as err:
            code = {"not_in_hand": "draw"}.get(
                err.reason, _REASON_CODES.get(err.reason, err.reason)
            )
            raise RecordError(
                f"draw {i}: {err.detail.replace('seat ' + str(expected), draw.who)}", code=code
            ) from err
    if state.phase.value == "draw":
        raise RecordError("the draw is not finished", code="draw")
    for i, card in enumerate(record.play):
        seat = state.turn
        if seat is None:
            raise RecordError(f"play {i}: {card.code} after the fifth trick", code="play")
        try:
            state.apply(Action.play(card), referee=True)
        except IllegalActionError as err:
            raise RecordError(
                f"play {i}: {names[seat]} does not hold {card.code}",
                code=_REASON_CODES.get(err.reason, "play"),
            ) from err
    if not state.is_over():
        raise RecordError(
            f"the play stops after {len(record.play)} cards: five tricks are played", code="play"
        )
    return state


def entry_of(record: HandRecord, state: HandState, rules: SmokeRules = DEFAULT_RULES) -> HandEntry:
    """The tally-sheet entry of a replayed hand (reneges become infractions).

    ``first_out`` is the first participant, in trick order, who reached zero
    and stays there after the hand's infractions.
    """
    names = record.participants
    outcome = state.result()
    crimes = tuple(Infraction(names[p.seat], p.what) for p in outcome.penalties)
    crimes += record.infractions
    tallies = state.tallies or ()

    def final(seat: int) -> int:
        fines = rules.penalty * sum(1 for c in crimes if c.who == names[seat])
        return tallies[seat] - outcome.tricks[seat] + fines

    stayed = tuple(names[s] for s in sorted(outcome.stayers))
    return HandEntry(
        dealer=record.dealer,
        stayed=stayed,
        tricks=tuple((n, outcome.tricks[names.index(n)]) for n in stayed),
        infractions=crimes,
        first_trick=None if outcome.first_trick is None else names[outcome.first_trick],
        first_out=next((names[s] for s in outcome.reached_zero if final(s) <= 0), None),
    )
