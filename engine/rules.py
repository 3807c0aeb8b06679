"""The ruleset, point values and the loser of a deal.

>>> Ruleset().rank_order, Ruleset().early_end, Ruleset().tie_without_hejma
('natural', True, 'last_trick')
>>> from engine.cards import card_index
>>> Ruleset.from_json({"rank_order": "mariash"}).strength[card_index("TH")]
6
>>> deal_loser({"A": 11, "B": 11, "C": 10, "D": 1}, hejma="C", last_trick="A")
[<Seat.A: 0>]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from engine.cards import HEJMA, SEATS, Seat
from engine.errors import InvalidScoreError, ParseError, RulesetError

__all__ = [
    "DEFAULT_RULESET",
    "LAST_TRICK_POINTS",
    "LOSING_POINTS",
    "POINTS",
    "TOTAL_POINTS",
    "EndKind",
    "RankOrder",
    "Ruleset",
    "TiePolicy",
    "deal_loser",
    "loser_of",
]

RankOrder = Literal["natural", "mariash"]
TiePolicy = Literal["last_trick", "both"]
EndKind = Literal["played", "early", "packed", "renonc"]

#: Penalty points of each card index: hearts 1 1 1 1 2 3 4 5, Hejma 10.
POINTS: tuple[int, ...] = tuple(
    (1, 1, 1, 1, 2, 3, 4, 5)[i] if i < 8 else (10 if i == HEJMA else 0) for i in range(32)
)
LAST_TRICK_POINTS = 5
TOTAL_POINTS = 33
LOSING_POINTS = 17

# Trick strength of a rank (index = Rank) under each order.
_STRENGTH = {
    "natural": (0, 1, 2, 3, 4, 5, 6, 7),
    "mariash": (0, 1, 2, 6, 3, 4, 5, 7),  # A > T > K > Q > J > 9 > 8 > 7
}


@dataclass(frozen=True)
class Ruleset:
    """The options of RULES.md; the defaults are what SCWU competitions use.

    ``rank_order``: ``natural`` (A K Q J T 9 8 7) or ``mariash`` (A T K Q J 9 8 7).
    ``early_end``: a deal ends as soon as a trick brings a seat to 17.
    ``tie_without_hejma``: ``last_trick`` (the tied seat with the last trick loses)
    or ``both`` (every tied seat takes a letter).

    >>> Ruleset(rank_order="spades")
    Traceback (most recent call last):
    ...
    engine.errors.RulesetError: rank_order must be 'natural' or 'mariash', not 'spades'
    """

    rank_order: RankOrder = "natural"
    early_end: bool = True
    tie_without_hejma: TiePolicy = "last_trick"
    strength: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank_order not in _STRENGTH:
            raise RulesetError(
                f"rank_order must be 'natural' or 'mariash', not {self.rank_order!r}"
            )
        if not isinstance(self.early_end, bool):
            raise RulesetError(f"early_end must be true or false, not {self.early_end!r}")
        if self.tie_without_hejma not in ("last_trick", "both"):
            raise RulesetError(
                f"tie_without_hejma must be 'last_trick' or 'both', not {self.tie_without_hejma!r}"
            )
        order = _STRENGTH[self.rank_order]
        object.__setattr__(self, "strength", tuple(order[i & 7] for i in range(32)))

    def to_json(self) -> dict[str, object]:
        """The options as a JSON object (``from_json`` reads it back)."""
        return {
            "rank_order": self.rank_order,
            "early_end": self.early_end,
            "tie_without_hejma": self.tie_without_hejma,
        }

    @classmethod
    def from_json(cls, data: object) -> Ruleset:
        """Read options from a JSON object; missing options take their defaults."""
        if not isinstance(data, dict):
            raise RulesetError(f"a ruleset is a JSON object, not {data!r}")
        unknown = set(data) - {"rank_order", "early_end", "tie_without_hejma"}
        if unknown:
            raise RulesetError(f"unknown ruleset options: {sorted(unknown)}")
        return cls(**data)


DEFAULT_RULESET = Ruleset()


def loser_of(
    points: list[int], hejma: int, last_trick: int, ruleset: Ruleset = DEFAULT_RULESET
) -> list[int]:
    """Seats (ints) losing a deal by points: the most points, then Hejma, then the tie rule.

    ``hejma`` and ``last_trick`` are seat numbers or -1 when nobody took them.

    >>> loser_of([10, 9, 4, 10], hejma=3, last_trick=1)
    [3]
    >>> loser_of([11, 11, 10, 1], 2, 0, Ruleset(tie_without_hejma="both"))
    [0, 1]
    """
    top = max(points)
    tied = [s for s in range(4) if points[s] == top]
    if len(tied) == 1:
        return tied
    if hejma in tied:
        return [hejma]
    if ruleset.tie_without_hejma == "last_trick" and last_trick in tied:
        return [last_trick]
    return tied


# The ten scoring items: 8 hearts, Hejma, the last trick.
_ITEMS = (10, 5, 5, 4, 3, 2, 1, 1, 1, 1)  # Hejma first, then last trick, then hearts


def _achievable(targets: list[int], items: tuple[int, ...]) -> bool:
    """Can ``items`` (each given to one seat, or left untaken) reach exactly ``targets``?"""
    if not items:
        return not any(targets)
    first, rest = items[0], items[1:]
    if sum(targets) > sum(items):
        return False
    if _achievable(targets, rest):  # the item stays untaken (only possible in an early end)
        return True
    seen: set[int] = set()
    for s in range(4):
        t = targets[s]
        if t >= first and t not in seen:
            seen.add(t)
            targets[s] = t - first
            ok = _achievable(targets, rest)
            targets[s] = t
            if ok:
                return True
    return False


def _seat(value: object, what: str) -> int:
    try:
        return int(Seat.parse(value))
    except ParseError as err:
        raise InvalidScoreError(f"{what}: {err}") from None


def deal_loser(
    points: Mapping[str, int],
    *,
    hejma: str | None = None,
    last_trick: str | None = None,
    end: EndKind = "played",
    packer: str | None = None,
    ruleset: Ruleset = DEFAULT_RULESET,
) -> list[Seat]:
    """Validate the points of a deal entered by hand and return its loser(s).

    ``points`` maps each seat letter to its points. ``end`` says how the deal
    ended: ``played`` (33 in all), ``early`` (a seat reached 17; the last trick
    was not played) or ``packed`` (``packer`` took the rest: 33 in all and the
    packer has 17 or more). ``hejma`` and ``last_trick`` are needed only when a
    tie must be broken, but are checked whenever given.

    >>> deal_loser({"A": 7, "B": 0, "C": 26, "D": 0})
    [<Seat.C: 2>]
    >>> deal_loser({"A": 10, "B": 10, "C": 8, "D": 5})
    Traceback (most recent call last):
    ...
    engine.errors.InvalidScoreError: A and B tie on 10 points: say who took Hejma
    >>> deal_loser({"A": 0, "B": 18, "C": 10, "D": 0}, end="early")
    [<Seat.B: 1>]
    """
    if not isinstance(points, Mapping) or sorted(points) != ["A", "B", "C", "D"]:
        raise InvalidScoreError("points must give exactly the seats A, B, C and D")
    pts: list[int] = []
    for s in "ABCD":
        v = points[s]
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= TOTAL_POINTS:
            raise InvalidScoreError(f"seat {s}: points must be a whole number 0..33, not {v!r}")
        pts.append(v)
    h = -1 if hejma is None else _seat(hejma, "hejma")
    lt = -1 if last_trick is None else _seat(last_trick, "last_trick")
    total = sum(pts)
    if end in ("played", "packed"):
        if total != TOTAL_POINTS:
            raise InvalidScoreError(f"a {end} deal has 33 points in all, these add up to {total}")
    elif end == "early":
        if max(pts) < LOSING_POINTS:
            raise InvalidScoreError("an early end needs a seat with 17 points or more")
        if lt != -1:
            raise InvalidScoreError("an early end stops before the last trick")
    else:
        raise InvalidScoreError(f"end must be played, early or packed, not {end!r}")
    if end == "packed":
        if packer is None:
            raise InvalidScoreError("a packed deal needs the packer")
        p = _seat(packer, "packer")
        if pts[p] < LOSING_POINTS:
            raise InvalidScoreError(
                f"packing is refused under 17: seat {'ABCD'[p]} has {pts[p]} points"
            )
        if lt not in (-1, p):
            raise InvalidScoreError("the packer takes the last trick")
        lt = p
    targets = list(pts)
    items = list(_ITEMS)
    for seat, value, name in ((h, 10, "Hejma"), (lt, 5, "the last trick")):
        if seat != -1:
            if targets[seat] < value:
                raise InvalidScoreError(
                    f"seat {'ABCD'[seat]} took {name} but has only {targets[seat]} points"
                )
            targets[seat] -= value
            items.remove(value)
    if end == "early" and 5 in items[:2]:
        items.remove(5)
    if not _achievable(targets, tuple(items)):
        raise InvalidScoreError(f"no deal gives these points: {dict(points)}")
    top = max(pts)
    tied = [s for s in range(4) if pts[s] == top]
    if len(tied) > 1:
        names = " and ".join("ABCD"[s] for s in tied)
        if h == -1:
            raise InvalidScoreError(f"{names} tie on {top} points: say who took Hejma")
        if h not in tied and ruleset.tie_without_hejma == "last_trick" and lt == -1:
            raise InvalidScoreError(
                f"{names} tie on {top} points without Hejma: say who took the last trick"
            )
    return [SEATS[s] for s in loser_of(pts, h, lt, ruleset)]
