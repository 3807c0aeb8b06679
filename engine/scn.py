"""SCN (Smoking Cat Notation) deal records: read, write, replay, check and score.

A record is one JSON object (RULES.md): ``dealer``, ``hands`` (8 cards per seat
as dealt), ``passes`` (3 cards per seat), ``play`` (every card in order) and
optionally ``pack`` (``{"seat": "C", "after": len(play)}``). Unknown keys are
ignored; the writer emits only these.

>>> import json
>>> deal = Deal.new(seed=5)
>>> while not deal.is_over():
...     deal.apply(deal.legal_actions()[0])
>>> record = deal_record(deal)
>>> score_record(record) == deal.result()
True
>>> DealRecord.from_json(record).to_json() == record
True
>>> score_record({"dealer": "A"})
Traceback (most recent call last):
...
engine.errors.InvalidRecordError: format: hands must be an object with the seats A, B, C and D
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import reduce
from operator import or_

from engine.cards import CODES, INDEX, SEATS, Seat
from engine.deal import PACK, PASS_FLAG, Deal
from engine.errors import IllegalActionError, InvalidRecordError
from engine.result import DealResult
from engine.rules import DEFAULT_RULESET, Ruleset

__all__ = [
    "DealRecord",
    "check_record",
    "deal_record",
    "format_record",
    "parse_record",
    "replay_record",
    "score_record",
]

_SEAT_KEYS = ["A", "B", "C", "D"]


def _fail(code: str, detail: str) -> InvalidRecordError:
    return InvalidRecordError(code, detail)


def _cards(value: object, what: str) -> list[int]:
    if not isinstance(value, list):
        raise _fail("format", f"{what} must be a list of cards")
    out = []
    for c in value:
        i = INDEX.get(c) if isinstance(c, str) else None
        if i is None:
            raise _fail("format", f"{what}: not a card: {c!r}"[:200])
        out.append(i)
    return out


def _by_seat(value: object, what: str) -> dict[str, object]:
    if not isinstance(value, dict) or sorted(value) != _SEAT_KEYS:
        raise _fail("format", f"{what} must be an object with the seats A, B, C and D")
    return value


@dataclass(frozen=True)
class DealRecord:
    """A parsed SCN record: card indices by seat (A..D), passes, plays and an optional pack."""

    dealer: Seat
    hands: tuple[tuple[int, ...], ...]
    passes: tuple[tuple[int, ...], ...]
    play: tuple[int, ...]
    pack: tuple[Seat, int] | None = None

    @classmethod
    def from_json(cls, data: object) -> DealRecord:
        """Read a record object; malformed input raises code ``format`` (or ``misdeal``)."""
        if not isinstance(data, dict):
            raise _fail("format", "a deal record is a JSON object")
        dealer = data.get("dealer")
        if not isinstance(dealer, str) or dealer not in "ABCD" or len(dealer) != 1:
            raise _fail("format", f"dealer must be a seat A-D, not {dealer!r}"[:200])
        hands_in = _by_seat(data.get("hands"), "hands")
        hands = tuple(tuple(_cards(hands_in[s], f"hand of {s}")) for s in _SEAT_KEYS)
        passes_in = _by_seat(data.get("passes"), "passes")
        passes = tuple(tuple(_cards(passes_in[s], f"pass of {s}")) for s in _SEAT_KEYS)
        play = tuple(_cards(data.get("play"), "play"))
        pack = None
        if data.get("pack") is not None:
            p = data["pack"]
            if not isinstance(p, dict) or not isinstance(p.get("seat"), str):
                raise _fail("format", "pack must be an object with seat and after")
            seat, after = p["seat"], p.get("after")
            if len(seat) != 1 or seat not in "ABCD":
                raise _fail("format", f"pack: not a seat: {seat!r}"[:200])
            if not isinstance(after, int) or isinstance(after, bool) or after != len(play):
                raise _fail("format", f"pack.after must equal the {len(play)} cards played")
            pack = (SEATS["ABCD".index(seat)], after)
        return cls(SEATS["ABCD".index(dealer)], hands, passes, play, pack)

    def to_json(self) -> dict[str, object]:
        """The record as an SCN object."""
        data: dict[str, object] = {
            "dealer": self.dealer.code,
            "hands": {s: [CODES[c] for c in self.hands[i]] for i, s in enumerate(_SEAT_KEYS)},
            "passes": {s: [CODES[c] for c in self.passes[i]] for i, s in enumerate(_SEAT_KEYS)},
            "play": [CODES[c] for c in self.play],
        }
        if self.pack is not None:
            data["pack"] = {"seat": self.pack[0].code, "after": self.pack[1]}
        return data


def parse_record(text: str) -> DealRecord:
    """Parse SCN text (one JSON object); bad JSON raises code ``format``."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise _fail("format", f"not JSON: {err}") from None
    return DealRecord.from_json(data)


def format_record(record: DealRecord) -> str:
    """SCN text of a record (compact JSON, one line): the pair of :func:`parse_record`."""
    return json.dumps(record.to_json(), separators=(",", ":"))


def replay_record(
    record: DealRecord | dict[str, object], ruleset: Ruleset = DEFAULT_RULESET
) -> Iterator[Deal]:
    """Replay a record: yield the state after dealing and after every action (copies).

    Raises :class:`InvalidRecordError` where the record breaks the rules.
    """
    rec = record if isinstance(record, DealRecord) else DealRecord.from_json(record)
    deal = _start(rec, ruleset)
    yield deal.clone()
    for action in _actions(rec):
        _step(deal, action, rec)
        yield deal.clone()


def _start(rec: DealRecord, ruleset: Ruleset) -> Deal:
    masks = [0, 0, 0, 0]
    seen = 0
    for s in range(4):
        hand = rec.hands[s]
        for c in hand:
            if seen >> c & 1:
                raise _fail("misdeal", f"{CODES[c]} is dealt twice")
            seen |= 1 << c
            masks[s] |= 1 << c
        if len(hand) != 8:
            raise _fail("misdeal", f"seat {'ABCD'[s]} holds {len(hand)} cards, not 8")
    return Deal(masks, int(rec.dealer), ruleset, referee=True)


def _actions(rec: DealRecord) -> Iterator[int]:
    for s in range(4):
        mask = 0
        for c in rec.passes[s]:
            mask |= 1 << c
        if len(rec.passes[s]) != 3 or mask.bit_count() != 3:
            raise _fail("pass", f"seat {'ABCD'[s]} must pass 3 distinct cards")
        yield PASS_FLAG | s << 32 | mask
    yield from rec.play
    if rec.pack is not None:
        yield PACK + int(rec.pack[0])


def _step(deal: Deal, action: int, rec: DealRecord) -> None:
    try:
        deal.apply(action)
    except IllegalActionError as err:
        if err.reason == "pass":
            seat = "ABCD"[action >> 32 & 3]
            raise _fail("pass", f"seat {seat} passes cards it was not dealt") from None
        if err.reason == "card":
            n = len(deal.history) - 4
            raise _fail("card", f"play {n}: {err}") from None
        if err.reason == "pack":
            raise _fail("pack", str(err)) from None
        raise _fail("format", f"cards after the end of the deal: {err}") from None


_SEAT_OF = {"A": 0, "B": 1, "C": 2, "D": 3}
_BIT_OF = {code: 1 << i for code, i in INDEX.items()}


def _replay_fast(data: dict[str, object], ruleset: Ruleset) -> Deal | None:
    """Replay a record object straight from its JSON values, every action checked by
    :meth:`Deal.apply`; None at the first thing out of the ordinary.

    The short path of :func:`check_record`: no :class:`DealRecord` is built. It accepts
    only what the full path accepts (it stops at anything else), and the full path then
    finds the exact error, so both always agree.
    """
    index = INDEX.__getitem__
    bit_of = _BIT_OF.__getitem__
    try:
        dealer = _SEAT_OF[data["dealer"]]  # type: ignore[index]
        hands = data["hands"]
        passes = data["passes"]
        play = data["play"]
        if (
            hands.__class__ is not dict
            or passes.__class__ is not dict
            or play.__class__ is not list
            or len(hands) != 4  # type: ignore[arg-type]
            or len(passes) != 4  # type: ignore[arg-type]
        ):
            return None
        masks = []
        seen = 0
        for key in _SEAT_KEYS:
            cards = hands[key]  # type: ignore[index]
            if cards.__class__ is not list or len(cards) != 8:
                return None
            m = reduce(or_, map(bit_of, cards))
            if m.bit_count() != 8 or m & seen:
                return None
            seen |= m
            masks.append(m)
        deal = Deal(masks, dealer, ruleset, referee=True)
        apply = deal.apply
        for s, key in enumerate(_SEAT_KEYS):
            cards = passes[key]  # type: ignore[index]
            if cards.__class__ is not list or len(cards) != 3:
                return None
            apply(PASS_FLAG | s << 32 | reduce(or_, map(bit_of, cards)))
        for c in map(index, play):  # type: ignore[call-overload]
            apply(c)
        pack = data.get("pack")
        if pack is not None:
            if pack.__class__ is not dict:
                return None
            after = pack.get("after")  # type: ignore[attr-defined]
            if after.__class__ is not int or after != len(play):  # type: ignore[arg-type]
                return None
            apply(PACK + _SEAT_OF[pack["seat"]])  # type: ignore[index]
    except (KeyError, TypeError, IllegalActionError):
        return None
    return deal


def check_record(
    record: DealRecord | dict[str, object], ruleset: Ruleset = DEFAULT_RULESET
) -> tuple[Deal, DealResult]:
    """Replay and check a record; return the final state and its result."""
    if record.__class__ is dict:
        fast = _replay_fast(record, ruleset)  # type: ignore[arg-type]
        if fast is not None and fast.end_kind() is not None:
            return fast, fast.result()
    rec = record if isinstance(record, DealRecord) else DealRecord.from_json(record)
    deal = _start(rec, ruleset)
    for action in _actions(rec):
        _step(deal, action, rec)
    end = deal.end_kind()
    if end is None:
        n = len(rec.play)
        raise _fail(
            "incomplete",
            f"the record stops after {n} cards without an early end, a pack or a renonc",
        )
    return deal, deal.result()


def score_record(
    record: DealRecord | dict[str, object], ruleset: Ruleset = DEFAULT_RULESET
) -> DealResult:
    """Score an SCN record (a dict or :class:`DealRecord`); raises :class:`InvalidRecordError`."""
    return check_record(record, ruleset)[1]


def deal_record(deal: Deal) -> dict[str, object]:
    """The SCN record of a deal (finished or not) as a JSON object."""
    passes = {s.code: [CODES[i] for i in range(32) if deal.passed_mask(s) >> i & 1] for s in SEATS}
    data: dict[str, object] = {
        "dealer": deal.dealer.code,
        "hands": {
            s.code: [CODES[i] for i in range(32) if deal.dealt_mask(s) >> i & 1] for s in SEATS
        },
        "passes": passes,
        "play": [CODES[c] for c in deal.plays],
    }
    pack = deal.pack
    if pack is not None:
        data["pack"] = {"seat": pack[0].code, "after": pack[1]}
    return data
