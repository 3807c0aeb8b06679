"""Sessions on record: reading a session into a tally sheet, and scoring records.

>>> data = {"participants": ["Jim", "Bud", "Tom"], "first_dealer": "Jim",
...         "hands": [{"stayed": ["Bud", "Tom"], "tricks": {"Bud": 5},
...                    "first_trick": "Bud"}]}
>>> result = score_session(data)
>>> result["tallies"], result["next_dealer"]
({'Jim': 10, 'Bud': 5, 'Tom': 15}, 'Bud')
"""

from __future__ import annotations

from typing import Any

from engine.smoke.errors import RecordError, SmokeError
from engine.smoke.record import _get, _infractions, entry_of, hand_from_dict, replay
from engine.smoke.rules import DEFAULT_RULES, SmokeRules
from engine.smoke.tally import HandEntry, HandResult, Standing, TallySheet


def entry_to_dict(entry: HandEntry) -> dict[str, Any]:
    """A tally-sheet entry as JSON; :func:`sheet_from_dict` reads it back."""
    out: dict[str, Any] = {
        "dealer": entry.dealer,
        "stayed": list(entry.stayed),
        "tricks": dict(entry.tricks),
        "infractions": [{"who": i.who, "what": i.what} for i in entry.infractions],
        "first_trick": entry.first_trick,
    }
    if entry.first_out is not None:
        out["first_out"] = entry.first_out
    return out


def sheet_to_dict(sheet: TallySheet) -> dict[str, Any]:
    """A session record of the sheet's hands (entry form)."""
    return {
        "participants": list(sheet.participants),
        "first_dealer": sheet.first_dealer,
        "hands": [entry_to_dict(r.entry) for r in sheet.results],
    }


def _record_entry(sheet: TallySheet, index: int, hand: Any) -> HandResult:
    names = sheet.participants
    if isinstance(hand, dict) and "deal" in hand:
        record = hand_from_dict(hand, names)
        standing = sheet.standings()
        state = replay(
            record,
            tallies=[s.tally for s in standing],
            sits=[s.sits for s in standing],
            rules=sheet.rules,
        )
        if sheet.dealer is not None and record.dealer != sheet.dealer:
            raise RecordError(f"{sheet.dealer} deals this hand, not {record.dealer}", code="dealer")
        return sheet.record_entry(entry_of(record, state, sheet.rules))
    tricks = _get(hand, "tricks", dict, {})
    return sheet.record_hand(
        stayed=_get(hand, "stayed", list),
        tricks=tricks,
        infractions=_infractions(hand, names),
        first_trick=_get(hand, "first_trick", (str, type(None)), None),
        dealer=_get(hand, "dealer", (str, type(None)), None),
        first_out=_get(hand, "first_out", (str, type(None)), None),
    )


def sheet_from_dict(data: Any, rules: SmokeRules = DEFAULT_RULES) -> TallySheet:
    """Read a session record into a checked :class:`TallySheet`.

    Raises :class:`RecordError`; a rule broken in hand ``k`` (1-based) says so.
    """
    names = _get(data, "participants", list)
    hands = _get(data, "hands", list)
    try:
        sheet = TallySheet(
            names, first_dealer=_get(data, "first_dealer", (str, type(None)), None), rules=rules
        )
    except SmokeError as err:
        raise RecordError(err.detail, code=err.code) from err
    for index, hand in enumerate(hands):
        try:
            _record_entry(sheet, index, hand)
        except SmokeError as err:
            raise RecordError(f"hand {index + 1}: {err.detail}", code=err.code) from err
    return sheet


def result_to_dict(sheet: TallySheet, result: HandResult) -> dict[str, Any]:
    """One recorded hand's outcome as JSON."""
    entry = result.entry
    return {
        "number": result.number,
        **entry_to_dict(entry),
        "sat": [n for n in sheet.participants if n not in entry.stayed],
        "changes": {s.name: s.change for s in result.standings},
        "tallies": {s.name: s.tally for s in result.standings},
        "sits": {s.name: s.sits for s in result.standings},
        "reader": result.reader,
        "winner": result.winner,
        "void": result.is_void,
    }


def score_session(data: Any, rules: SmokeRules = DEFAULT_RULES) -> dict[str, Any]:
    """Score a session record: every hand, the final tallies, the winner."""
    sheet = sheet_from_dict(data, rules)
    return {
        "participants": list(sheet.participants),
        "hands": [result_to_dict(sheet, r) for r in sheet.results],
        "tallies": sheet.tallies(),
        "sits": sheet.sits(),
        "must_play": sheet.must_play(),
        "winner": sheet.winner,
        "next_dealer": None if sheet.is_over() else sheet.dealer,
        "readout": sheet.readout().as_dict() if sheet.results else None,
    }


def score_hand(data: Any, rules: SmokeRules = DEFAULT_RULES) -> dict[str, Any]:
    """Score a single hand record (tallies before it from the record, else the start)."""
    record = hand_from_dict(data)
    state = replay(record, rules=rules)
    names = record.participants
    sheet = TallySheet(names, first_dealer=record.dealer, rules=rules)
    if record.tallies is not None or record.sits is not None:
        _seed_sheet(sheet, record.tallies, record.sits)
    result = sheet.record_entry(entry_of(record, state, rules))
    out = result_to_dict(sheet, result)
    out["smoke"] = record.smoke.code
    out["tricks_played"] = [
        {
            "leader": names[t.leader],
            "cards": [c.code for _, c in t.plays],
            "winner": names[t.winner],
        }
        for t in state.tricks
    ]
    out["readout"] = sheet.readout().as_dict()
    return out


def _seed_sheet(sheet: TallySheet, tallies: Any, sits: Any) -> None:
    """Start a sheet from given tallies and sits (a hand taken out of a session)."""
    rules = sheet.rules
    names = sheet.participants
    tallies = tallies or [rules.start] * len(names)
    sits = sits or [0] * len(names)
    sheet.opening = tuple(
        Standing(n, t, 0, s, rules.is_mustie(s), rules.is_in_box(t), False)
        for n, t, s in zip(names, tallies, sits, strict=True)
    )


def check_record(data: Any, rules: SmokeRules = DEFAULT_RULES) -> list[dict[str, str]]:
    """Check a hand or session record: ``[]`` when valid, else the first problem
    as ``[{"error": code, "detail": text}]``."""
    try:
        if isinstance(data, dict) and "hands" in data:
            sheet_from_dict(data, rules)
        else:
            score_hand(data, rules)
    except SmokeError as err:
        return [err.as_dict()]
    return []
