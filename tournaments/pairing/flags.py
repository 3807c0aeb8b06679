"""Flags: short explanations attached to a draw, a table or a problem.

Every flag has a machine ``code``, ``params`` and an English ``message`` built
from one of the few templates in :data:`TEMPLATES`, so the site can translate
by code and params instead of parsing text.

>>> Flag("repeat_unavoidable", {"a": 3, "b": 7, "rounds": "1"}, table=2).message
'3 and 7 met in round 1: unavoidable.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import ParamValue

TEMPLATES: dict[str, str] = {
    # flags on generated draws
    "repeat_unavoidable": "{a} and {b} met in round {rounds}: unavoidable.",
    "table_size": "Table of {size}: {players} players do not divide into tables of {preferred}.",
    "seat_a_again": "{player} sits A again: everyone at this table has had A.",
    "left_out": "{player} is not seated: {status}.",
    "teammates_together": "Teammates at one table: {teammates} (team {team}).",
    # problems found by the manual-draw checker
    "player_twice": "{player} is seated {count} times.",
    "unknown_player": "{player} is not an entrant of this round.",
    "ineligible": "{player} cannot be seated: {status}.",
    "not_seated": "{player} has no seat.",
    "table_too_small": "Table {table} has {size} players; a table needs at least {min}.",
    "table_too_large": "Table {table} has {size} players; the most allowed is {max}.",
    "repeat": "{a} and {b} met in round {rounds}.",
}

#: Problems that block confirming a manual draw; all other flags are warnings.
ERRORS = frozenset(
    {
        "player_twice",
        "unknown_player",
        "ineligible",
        "not_seated",
        "table_too_small",
        "table_too_large",
    }
)


def joined(items: list[int] | tuple[int, ...]) -> str:
    """``[1]`` -> ``'1'``; ``[1, 3]`` -> ``'1 and 3'``; ``[1, 2, 3]`` -> ``'1, 2 and 3'``."""
    parts = [str(r) for r in items]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass(frozen=True)
class Flag:
    """One explanation: ``code`` + ``params``; ``table`` is the table number, if any."""

    code: str
    params: dict[str, ParamValue] = field(default_factory=dict, hash=False)
    table: int | None = None

    def __post_init__(self) -> None:
        if self.code not in TEMPLATES:
            raise ValueError(f"unknown flag code {self.code!r}")

    @property
    def message(self) -> str:
        """The English sentence for this flag (a list of ids reads ``1, 2 and 3``)."""
        params = {k: joined(v) if isinstance(v, list) else v for k, v in self.params.items()}
        return TEMPLATES[self.code].format(**params)

    @property
    def is_error(self) -> bool:
        """Whether this flag blocks confirming a draw."""
        return self.code in ERRORS

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "params": dict(self.params),
            "table": self.table,
            "message": self.message,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Flag:
        return cls(code=data["code"], params=dict(data["params"]), table=data.get("table"))
