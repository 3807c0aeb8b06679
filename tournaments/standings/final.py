"""The final by elimination, and the small final by the same rules.

Everyone starts clean at one table. When a seat completes the word it leaves and
takes the lowest open place; the others play on while ``min_at_table`` (four) or
more remain. The last ones are then placed by their success rate in the final
(:attr:`RemainderRule.SUCCESS_RATE`, ties shared) or all share the best open
place (:attr:`RemainderRule.SHARED`).

>>> result = FinalResult(
...     finalists=(1, 2, 3, 4, 5, 6),
...     eliminated=(6, 5, 4),
...     tallies={1: Tally(20, 3), 2: Tally(20, 5), 3: Tally(20, 5)},
... )
>>> [(e.player_id, e.place) for e in final_place(result).entries]
[(1, 1), (2, 2), (3, 2), (4, 4), (5, 5), (6, 6)]
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import InvalidFinalError
from .inputs import PlayerId
from .metrics import METRICS, Metric, precedence_resolve
from .ranking import places_assign, rank_groups, rank_keys
from .tally import Tally


class RemainderRule(enum.StrEnum):
    """How the players left at the table when the final ends are placed."""

    SUCCESS_RATE = "success_rate"
    SHARED = "shared"


@dataclass(frozen=True, slots=True)
class FinalSettings:
    """Rules of a final: table minimum, and how the remaining players are placed."""

    min_at_table: int = 4
    remainder: RemainderRule = RemainderRule.SUCCESS_RATE
    precedence: tuple[str, ...] = ("success_rate",)

    def __post_init__(self) -> None:
        if self.min_at_table < 1:
            raise InvalidFinalError("a final needs a table minimum of at least one player.")


@dataclass(frozen=True, slots=True)
class FinalResult:
    """What happened in a final (or small final) so far.

    ``eliminated`` is the order in which finalists completed the word (first out
    first); ``tallies`` are the finalists' figures *in this final*, needed for the
    players left when it ends under :attr:`RemainderRule.SUCCESS_RATE`.
    """

    finalists: tuple[PlayerId, ...]
    eliminated: tuple[PlayerId, ...] = ()
    tallies: Mapping[PlayerId, Tally] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FinalEntry:
    """A finalist's place; ``None`` while still at the table."""

    player_id: PlayerId
    place: int | None
    is_shared: bool


@dataclass(frozen=True, slots=True)
class FinalPlacing:
    """Finalists best first: those still playing, then placed ones by place."""

    entries: tuple[FinalEntry, ...]
    is_complete: bool

    def groups(self) -> list[tuple[tuple[PlayerId, ...], bool]]:
        """Entries grouped by place, each with whether it is still open (being played)."""
        groups: list[tuple[list[PlayerId], int | None]] = []
        for entry in self.entries:
            if groups and groups[-1][1] == entry.place:
                groups[-1][0].append(entry.player_id)
            else:
                groups.append(([entry.player_id], entry.place))
        return [(tuple(members), place is None) for members, place in groups]

    @property
    def player_ids(self) -> tuple[PlayerId, ...]:
        return tuple(e.player_id for e in self.entries)


def _validate(result: FinalResult, max_eliminated: int) -> None:
    finalists = result.finalists
    if not finalists:
        raise InvalidFinalError("a final needs at least one finalist.")
    if len(set(finalists)) != len(finalists):
        raise InvalidFinalError("a finalist is listed twice.")
    if len(set(result.eliminated)) != len(result.eliminated):
        raise InvalidFinalError("a player is eliminated twice.")
    strangers = [p for p in result.eliminated if p not in set(finalists)]
    if strangers:
        raise InvalidFinalError(f"eliminated players {strangers} are not finalists.")
    if len(result.eliminated) > max_eliminated:
        remain = len(finalists) - max_eliminated
        raise InvalidFinalError(
            f"the final ends when {remain} players remain: at most {max_eliminated} "
            f"can be eliminated, got {len(result.eliminated)}."
        )


def _remainder_entries(
    remaining: list[PlayerId],
    result: FinalResult,
    first_place: int,
    settings: FinalSettings,
    metrics: Mapping[str, Metric],
) -> list[FinalEntry]:
    if settings.remainder is RemainderRule.SHARED:
        shared = len(remaining) > 1
        return [FinalEntry(p, first_place, shared) for p in remaining]
    missing = [p for p in remaining if p not in result.tallies]
    if missing:
        raise InvalidFinalError(
            f"the figures in the final of players {missing} are needed to place them."
        )
    resolved = precedence_resolve(settings.precedence, metrics)
    tallies = [result.tallies[p] for p in remaining]
    keys = rank_keys([([m.value(t) for t in tallies], m.is_higher_better) for m in resolved])
    groups = rank_groups(keys, [(i,) for i in range(len(remaining))])
    return [
        FinalEntry(remaining[r.item], (r.place or 0) + first_place - 1, r.is_shared)
        for r in places_assign(groups)
    ]


def final_place(
    result: FinalResult,
    *,
    first_place: int = 1,
    settings: FinalSettings = FinalSettings(),
    metrics: Mapping[str, Metric] = METRICS,
) -> FinalPlacing:
    """Places of a final's players, from ``first_place`` (``7`` for a small final after six).

    While the final is being played the players still at the table have no place.
    """
    count = len(result.finalists)
    remainder_size = min(count, settings.min_at_table - 1)
    max_eliminated = count - remainder_size
    _validate(result, max_eliminated)
    out = set(result.eliminated)
    remaining = [p for p in result.finalists if p not in out]
    eliminated = [
        FinalEntry(player, first_place + count - 1 - i, False)
        for i, player in enumerate(result.eliminated)
    ]
    is_complete = len(result.eliminated) == max_eliminated
    if is_complete:
        top = _remainder_entries(remaining, result, first_place, settings, metrics)
    else:
        top = [FinalEntry(p, None, False) for p in remaining]
    return FinalPlacing(entries=tuple(top + eliminated[::-1]), is_complete=is_complete)
