"""The small frozen data types the draw generators read and return.

Players are identified by ``int`` ids (the site's registration ids).  A table
is a tuple of ids in seat order: index 0 sits A (and deals first), 1 sits B...
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InputError
from .flags import Flag

SEAT_LETTERS = "ABCDEFGH"
Tables = tuple[tuple[int, ...], ...]


class Eligibility(enum.StrEnum):
    """Whether an entrant may be seated."""

    ELIGIBLE = "eligible"
    WITHDRAWN = "withdrawn"
    BANNED = "banned"


class Method(enum.StrEnum):
    """The draw methods: the one list of them (the site's ``DrawMethod`` names these)."""

    RANDOM = "random"
    STANDINGS = "standings"
    SEEDED_FINAL = "seeded_final"
    MANUAL = "manual"
    RATING = "rating"


@dataclass(frozen=True)
class Entrant:
    """A player in the draw, with what the methods may need to know."""

    id: int
    success_rate: float | None = None
    ranking: int | None = None
    eligibility: Eligibility = Eligibility.ELIGIBLE
    #: the player's rating (for draws balanced by rating; ``None``: never rated)
    rating: float | None = None

    @property
    def is_eligible(self) -> bool:
        return self.eligibility is Eligibility.ELIGIBLE

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "success_rate": self.success_rate,
            "ranking": self.ranking,
            "eligibility": self.eligibility.value,
            "rating": self.rating,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entrant:
        return cls(
            id=int(data["id"]),
            success_rate=data.get("success_rate"),
            ranking=data.get("ranking"),
            eligibility=Eligibility(data.get("eligibility", "eligible")),
            rating=data.get("rating"),
        )


@dataclass(frozen=True)
class PastRound:
    """An earlier round: its number and its tables, each in seat order."""

    number: int
    tables: Tables

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "tables": [list(t) for t in self.tables]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PastRound:
        return cls(int(data["number"]), tuple(tuple(int(p) for p in t) for t in data["tables"]))


@dataclass(frozen=True)
class TablePolicy:
    """Table sizes: ``preferred`` (4 or 5) as often as possible, never above ``max_size``.

    ``max_size`` is 6 by the federation's practice; a field of 7 can only be
    seated with ``max_size=7`` (one table of seven).
    """

    preferred: int = 4
    max_size: int = 6
    min_size: int = 4

    def to_dict(self) -> dict[str, Any]:
        return {"preferred": self.preferred, "max_size": self.max_size, "min_size": self.min_size}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TablePolicy:
        return cls(**{k: int(v) for k, v in data.items()})


@dataclass(frozen=True)
class DrawRequest:
    """Everything a draw depends on: same request -> same draw."""

    round_number: int
    entrants: tuple[Entrant, ...]
    history: tuple[PastRound, ...] = ()
    seed: int = 0
    method: Method = Method.RANDOM
    policy: TablePolicy = field(default_factory=TablePolicy)
    final_size: int = 6
    #: for the manual method: the director's tables, in seat order
    manual_tables: Tables = ()
    #: entrants a manual draw may leave without a seat (a final seats only some of the
    #: field; a play-off's fillers are optional); empty: every eligible entrant is seated
    optional: tuple[int, ...] = ()
    #: player id -> team id for players in a team (:mod:`.teammates`: kept at different
    #: tables); players not in it, or not seated, are in no team as far as the draw goes
    teams: Mapping[int, int] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        ids = [e.id for e in self.entrants]
        if len(set(ids)) != len(ids):
            raise InputError("An entrant is listed twice.")
        if any(r.number >= self.round_number for r in self.history):
            raise InputError("The history has a round that is not before this round.")

    def to_dict(self) -> dict[str, Any]:
        return {
            "round_number": self.round_number,
            "entrants": [e.to_dict() for e in self.entrants],
            "history": [r.to_dict() for r in self.history],
            "seed": self.seed,
            "method": self.method.value,
            "policy": self.policy.to_dict(),
            "final_size": self.final_size,
            "manual_tables": [list(t) for t in self.manual_tables],
            "optional": list(self.optional),
            "teams": {str(p): t for p, t in sorted(self.teams.items())},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DrawRequest:
        return cls(
            round_number=int(data["round_number"]),
            entrants=tuple(Entrant.from_dict(e) for e in data["entrants"]),
            history=tuple(PastRound.from_dict(r) for r in data.get("history", [])),
            seed=int(data.get("seed", 0)),
            method=Method(data.get("method", "random")),
            policy=TablePolicy.from_dict(data.get("policy", {})),
            final_size=int(data.get("final_size", 6)),
            manual_tables=tuple(tuple(int(p) for p in t) for t in data.get("manual_tables", [])),
            optional=tuple(int(p) for p in data.get("optional", [])),
            teams={int(p): int(t) for p, t in data.get("teams", {}).items()},
        )


@dataclass(frozen=True)
class RepeatPair:
    """Two players at one table who already met, and the rounds they met in."""

    a: int
    b: int
    rounds: tuple[int, ...]
    table: int

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "rounds": list(self.rounds), "table": self.table}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RepeatPair:
        return cls(int(data["a"]), int(data["b"]), tuple(data["rounds"]), int(data["table"]))


@dataclass(frozen=True)
class QualityReport:
    """How good a draw is.

    ``repeats``: pairs seated together again.  ``seat_a_again``: players at A
    who had sat A before while someone in the field had not.  ``seat_a_min``
    / ``seat_a_max``: fewest and most times any seated player has sat A,
    counting this round.
    """

    repeats: tuple[RepeatPair, ...]
    seat_a_again: tuple[int, ...]
    seat_a_min: int
    seat_a_max: int

    @property
    def repeat_count(self) -> int:
        return len(self.repeats)

    def to_dict(self) -> dict[str, Any]:
        return {
            "repeat_count": self.repeat_count,
            "repeats": [r.to_dict() for r in self.repeats],
            "seat_a_again": list(self.seat_a_again),
            "seat_a_min": self.seat_a_min,
            "seat_a_max": self.seat_a_max,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QualityReport:
        return cls(
            repeats=tuple(RepeatPair.from_dict(r) for r in data["repeats"]),
            seat_a_again=tuple(data["seat_a_again"]),
            seat_a_min=int(data["seat_a_min"]),
            seat_a_max=int(data["seat_a_max"]),
        )


@dataclass(frozen=True)
class Draw:
    """A finished draw: the request it came from, its tables, flags and report."""

    request: DrawRequest
    tables: Tables
    flags: tuple[Flag, ...]
    report: QualityReport

    def seat_of(self, player: int) -> tuple[int, str]:
        """``(table number, seat letter)`` of a player; tables count from 1."""
        for number, table in enumerate(self.tables, start=1):
            if player in table:
                return number, SEAT_LETTERS[table.index(player)]
        raise KeyError(player)

    def to_dict(self) -> dict[str, Any]:
        return {
            "request": self.request.to_dict(),
            "tables": [list(t) for t in self.tables],
            "flags": [f.to_dict() for f in self.flags],
            "report": self.report.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Draw:
        return cls(
            request=DrawRequest.from_dict(data["request"]),
            tables=tuple(tuple(int(p) for p in t) for t in data["tables"]),
            flags=tuple(Flag.from_dict(f) for f in data["flags"]),
            report=QualityReport.from_dict(data["report"]),
        )
