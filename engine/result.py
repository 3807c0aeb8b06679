"""The result of a deal: points, tricks, Hejma, the last trick, the loser and how it ended.

>>> r = DealResult(points=(7, 0, 26, 0), tricks=(1, 1, 5, 1), hejma=Seat.C,
...                last_trick=Seat.C, loser=(Seat.C,), end="played")
>>> r.to_json()["loser"], r.next_dealer(dealer=Seat.A)
(['C'], <Seat.C: 2>)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import SEATS, Seat
from engine.rules import EndKind
from engine.table_rules import next_dealer

__all__ = ["DealResult", "Renonc", "make_result"]


@dataclass(frozen=True)
class Renonc:
    """A renonc B (revoke): the seat and the 0-based index of the play in ``play``."""

    seat: Seat
    play: int

    def to_json(self) -> dict[str, object]:
        """``{"seat": "C", "play": 1}``."""
        return {"seat": self.seat.code, "play": self.play}


@dataclass(frozen=True)
class DealResult:
    """How a deal was scored; ``to_json`` gives the object ``python -m engine score`` prints."""

    points: tuple[int, int, int, int]
    tricks: tuple[int, int, int, int]
    hejma: Seat | None
    last_trick: Seat | None
    loser: tuple[Seat, ...]
    end: EndKind
    renonc: tuple[Renonc, ...] = ()

    def next_dealer(self, dealer: Seat | str) -> Seat:
        """Who deals after this deal, which ``dealer`` dealt: the loser; with several
        losers (renonc B by several seats, a tie scored ``both``) the first of them
        clockwise from the dealer's left (:func:`engine.table_rules.next_dealer`).

        >>> two = DealResult((0,) * 4, (0,) * 4, None, None, (Seat.C, Seat.B), "renonc")
        >>> two.next_dealer(Seat.D), two.next_dealer("A")
        (<Seat.B: 1>, <Seat.B: 1>)
        """
        code = Seat.parse(dealer).code if isinstance(dealer, str) else SEATS[dealer].code
        return Seat.parse(next_dealer(code, [s.code for s in self.loser]))

    def to_json(self) -> dict[str, object]:
        """The result as a JSON object keyed by seat letters."""
        return {
            "points": {s.code: self.points[s] for s in SEATS},
            "tricks": {s.code: self.tricks[s] for s in SEATS},
            "hejma": None if self.hejma is None else self.hejma.code,
            "last_trick": None if self.last_trick is None else self.last_trick.code,
            "loser": [s.code for s in self.loser],
            "end": self.end,
            "renonc": [r.to_json() for r in self.renonc],
        }


_new = object.__new__
_set = object.__setattr__


def make_result(
    points: tuple[int, int, int, int],
    tricks: tuple[int, int, int, int],
    hejma: Seat | None,
    last_trick: Seat | None,
    loser: tuple[Seat, ...],
    end: EndKind,
    renonc: tuple[Renonc, ...] = (),
) -> DealResult:
    """The same :class:`DealResult` as the constructor, built in one step (the engine's hot path).

    >>> make_result((33, 0, 0, 0), (8, 0, 0, 0), SEATS[0], SEATS[0], (SEATS[0],), "played") == (
    ...     DealResult((33, 0, 0, 0), (8, 0, 0, 0), SEATS[0], SEATS[0], (SEATS[0],), "played"))
    True
    """
    r = _new(DealResult)
    _set(
        r,
        "__dict__",
        {
            "points": points,
            "tricks": tricks,
            "hejma": hejma,
            "last_trick": last_trick,
            "loser": loser,
            "end": end,
            "renonc": renonc,
        },
    )
    return r
