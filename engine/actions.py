"""Actions as JSON-serialisable values, and back.

Inside the engine an action is an ``int`` (see :mod:`engine.deal`). At the
edges (online tables, stored games) it is a small JSON object:

* ``{"type": "pass", "seat": "A", "cards": ["KS", "AH", "QS"]}``
* ``{"type": "play", "card": "9C"}`` (optionally with ``"seat"``: checked to be the seat to move)
* ``{"type": "pack", "seat": "C"}``

>>> a = action_from_json({"type": "pass", "seat": "A", "cards": ["KS", "AH", "QS"]})
>>> action_to_json(a)
{'type': 'pass', 'seat': 'A', 'cards': ['AH', 'QS', 'KS']}
>>> action_to_json(play_action("9C")), action_to_string(pack_action("C"))
({'type': 'play', 'card': '9C'}, 'pack C')
"""

from __future__ import annotations

from engine.cards import CODES, Seat, card_index
from engine.deal import PACK, PASS_FLAG, Deal
from engine.errors import IllegalActionError, ParseError

__all__ = [
    "action_from_json",
    "action_to_json",
    "action_to_string",
    "apply_json",
    "is_pack",
    "is_pass",
    "is_play",
    "pack_action",
    "pass_action",
    "play_action",
]

_MASK32 = 0xFFFFFFFF


def play_action(card: str) -> int:
    """The action of playing a card: ``play_action("7H") == 0``."""
    return card_index(card)


def pass_action(seat: Seat | str | int, cards: list[str] | tuple[str, ...]) -> int:
    """The action of ``seat`` passing three cards (any order).

    >>> pass_action("B", ["7H", "8H", "9H"]) == PASS_FLAG | 1 << 32 | 0b111
    True
    """
    s = Seat.of(seat)
    if not isinstance(cards, list | tuple):
        raise ParseError(f"a pass is a list of three cards, not {cards!r}")
    mask = 0
    for c in cards:
        mask |= 1 << card_index(c)
    if len(cards) != 3 or mask.bit_count() != 3:
        raise ParseError(f"a pass is three distinct cards, not {list(cards)!r}")
    return PASS_FLAG | int(s) << 32 | mask


def pack_action(seat: Seat | str | int) -> int:
    """The action of ``seat`` packing: ``pack_action("A") == 32``."""
    return PACK + int(Seat.of(seat))


def is_play(action: int) -> bool:
    """True for a card play."""
    return 0 <= action < 32


def is_pack(action: int) -> bool:
    """True for a pack."""
    return PACK <= action < PACK + 4


def is_pass(action: int) -> bool:
    """True for a pass."""
    return bool(action & PASS_FLAG) and action >> 35 == 0


def action_to_json(action: int) -> dict[str, object]:
    """The JSON object of an action (cards of a pass in index order)."""
    if isinstance(action, int) and not isinstance(action, bool):
        if is_play(action):
            return {"type": "play", "card": CODES[action]}
        if is_pack(action):
            return {"type": "pack", "seat": "ABCD"[action - PACK]}
        if is_pass(action):
            mask = action & _MASK32
            if mask.bit_count() == 3:
                cards = [CODES[i] for i in range(32) if mask >> i & 1]
                return {"type": "pass", "seat": "ABCD"[action >> 32 & 3], "cards": cards}
    raise ParseError(f"not an action: {action!r}")


def action_from_json(data: object) -> int:
    """Parse a JSON action object; raises :class:`~engine.errors.ParseError`."""
    if not isinstance(data, dict):
        raise ParseError(f"an action is a JSON object, not {data!r}")
    kind = data.get("type")
    if kind == "play":
        return play_action(data.get("card"))  # type: ignore[arg-type]
    if kind == "pass":
        return pass_action(Seat.parse(data.get("seat")), data.get("cards"))  # type: ignore[arg-type]
    if kind == "pack":
        return pack_action(Seat.parse(data.get("seat")))
    raise ParseError(f"an action's type is play, pass or pack, not {kind!r}")


def action_to_string(action: int) -> str:
    """A short human-readable form: ``play 9C``, ``pass A: AH QS KS``, ``pack C``."""
    data = action_to_json(action)
    if data["type"] == "play":
        return f"play {data['card']}"
    if data["type"] == "pack":
        return f"pack {data['seat']}"
    cards = data["cards"]
    assert isinstance(cards, list)
    return f"pass {data['seat']}: {' '.join(cards)}"


def apply_json(deal: Deal, data: object, seat: Seat | str | int | None = None) -> int:
    """Parse a JSON action and apply it to ``deal`` for ``seat`` (checked); returns the action.

    A ``"seat"`` inside a play object must be the seat to move.

    >>> d = Deal.new(seed=1)
    >>> apply_json(d, {"type": "play", "card": "7H"})
    Traceback (most recent call last):
    ...
    engine.errors.IllegalActionError: cards are played only after the pass
    """
    action = action_from_json(data)
    s: int | None = None
    if seat is not None:
        s = int(Seat.of(seat))
    if isinstance(data, dict) and data.get("type") == "play" and "seat" in data:
        claimed = int(Seat.parse(data["seat"]))
        if s is not None and s != claimed:
            raise IllegalActionError("the play names another seat", reason="turn")
        s = claimed
    deal.apply(action, s)
    return action
