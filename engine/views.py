"""What one seat, or a spectator, may know: JSON-serialisable views of a deal.

A seat sees its own hand, the cards it passed, the cards it received (only
once it has passed its own and they have been given), the trick on the table,
the last completed trick only until the next card is led, and how many tricks
each seat has taken. Taken tricks lie face down: their cards and points stay
hidden, the seat's own included, until the deal ends; then ``result`` and
``tricks`` show everything. A spectator sees no hand at all.

>>> from engine.deal import Deal
>>> deal = Deal.new(seed=3)
>>> view = seat_view(deal, Seat.B)
>>> view["phase"], len(view["hand"]), view["received"], view["last_trick"]
('pass', 8, None, None)
>>> "hand" in public_view(deal)
False
"""

from __future__ import annotations

from typing import Any

from engine.cards import CODES, SEATS, Seat
from engine.deal import Deal

__all__ = ["public_view", "seat_view"]


def _trick_json(leader: int, cards: tuple[int, ...] | list[int]) -> list[dict[str, str]]:
    return [{"seat": "ABCD"[(leader + i) & 3], "card": CODES[c]} for i, c in enumerate(cards)]


def _cards(mask: int) -> list[str]:
    return [CODES[i] for i in range(32) if mask >> i & 1]


def public_view(deal: Deal) -> dict[str, Any]:
    """What everyone at the table (and a spectator) may see.

    >>> from engine.deal import Deal
    >>> sorted(public_view(Deal.new(seed=1)))  # doctest: +NORMALIZE_WHITESPACE
    ['dealer', 'hand_sizes', 'last_trick', 'passed_seats', 'phase', 'result', 'ruleset',
     'trick', 'tricks', 'tricks_taken', 'turn']
    """
    turn = deal.turn
    over = deal.is_over()
    trick = deal.trick
    last = None
    if not trick and (last_trick := deal.last_trick) is not None:
        leader, cards, taker = last_trick
        last = {"cards": _trick_json(leader, cards), "taker": taker.code}
    return {
        "phase": deal.phase,
        "dealer": deal.dealer.code,
        "turn": None if turn is None else turn.code,
        "ruleset": deal.ruleset.to_json(),
        "passed_seats": [s.code for s in SEATS if deal.has_passed(s)],
        "hand_sizes": {s.code: deal.hand_mask(s).bit_count() for s in SEATS},
        "trick": _trick_json(deal.trick_leader or 0, trick),
        "last_trick": last,
        "tricks_taken": dict(zip("ABCD", deal.trick_counts(), strict=True)),
        "result": deal.result().to_json() if over else None,
        "tricks": (
            [
                {"cards": _trick_json(leader, cards), "taker": taker.code}
                for leader, cards, taker in deal.tricks
            ]
            if over
            else None
        ),
    }


def seat_view(
    deal: Deal, seat: Seat | str | int, public: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What ``seat`` may know now: the public view plus its hand and its pass.

    ``legal_cards`` lists the cards it may play now (empty unless it is its turn).
    ``public``, when given, is :func:`public_view` of the same deal in the same state (built
    once for all the seats' views: its values are shared, not copied).

    >>> from engine.deal import Deal
    >>> deal = Deal.new(seed=3)
    >>> seat_view(deal, "B", public_view(deal)) == seat_view(deal, "B")
    True
    """
    s = Seat.of(seat)
    view = dict(public) if public is not None else public_view(deal)
    passed = deal.passed_mask(s)
    received = deal.received_mask(s)
    view["seat"] = s.code
    view["hand"] = _cards(deal.hand_mask(s))
    view["passed"] = _cards(passed) if passed else None
    view["received"] = _cards(received) if received else None
    view["must_pass"] = deal.phase == "pass" and not passed
    view["legal_cards"] = [CODES[c] for c in deal.legal_actions(s)] if deal.phase == "play" else []
    return view
