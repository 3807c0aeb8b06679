"""The final classification of a tournament.

Finalists first (places 1..k by the final), then small finalists, then everybody
else in the order of the basic-round standings. Places are renumbered over the
whole list: non-scoring substitutes and unclassified withdrawals are shown
(finalists where they played, the others at the end) without a place or points
and block no place; classified withdrawals are placed by their basic-round result.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import InvalidFinalError
from .final import FinalPlacing
from .formatting import format_place
from .inputs import EntrantStatus, PlayerId
from .points import PointsTable, points_award
from .ranking import places_assign
from .standings import StandingRow, Standings


class Stage(enum.StrEnum):
    """Where a player's classification comes from."""

    FINAL = "final"
    SMALL_FINAL = "small_final"
    BASIC_ROUNDS = "basic_rounds"


@dataclass(frozen=True, slots=True)
class ClassificationRow:
    """A player's final place (``None``: none, or a final still being played) and points."""

    player_id: PlayerId
    name: str
    status: EntrantStatus
    stage: Stage
    place: int | None
    is_shared: bool
    points: Fraction | None

    @property
    def place_label(self) -> str:
        return format_place(self.place)


@dataclass(frozen=True, slots=True)
class Classification:
    rows: tuple[ClassificationRow, ...]
    is_complete: bool

    def row(self, player_id: PlayerId) -> ClassificationRow:
        for row in self.rows:
            if row.player_id == player_id:
                return row
        raise KeyError(player_id)


_Group = tuple[list[StandingRow], Stage, bool]


def _final_groups(
    placing: FinalPlacing | None, stage: Stage, rows: dict[PlayerId, StandingRow]
) -> list[_Group]:
    if placing is None:
        return []
    unknown = [p for p in placing.player_ids if p not in rows]
    if unknown:
        raise InvalidFinalError(f"{stage.value} players {unknown} are not in the standings.")
    return [([rows[p] for p in members], stage, is_open) for members, is_open in placing.groups()]


def _ordered_groups(
    order: Sequence[Sequence[PlayerId]], rows: Sequence[StandingRow]
) -> list[_Group]:
    """``rows`` in the groups of ``order`` (e.g. a league table's places), then whoever
    ``order`` leaves out in the standings' order."""
    by_id = {row.player_id: row for row in rows}
    named = {player for group in order for player in group}
    groups: list[_Group] = [
        ([by_id[p] for p in group if p in by_id], Stage.BASIC_ROUNDS, False) for group in order
    ]
    groups = [group for group in groups if group[0]]
    return groups + _rest_groups([row for row in rows if row.player_id not in named])


def _rest_groups(rows: Sequence[StandingRow]) -> list[_Group]:
    groups: list[_Group] = []
    previous: int | None = None
    for row in rows:
        if row.place is not None and groups and row.place == previous:
            groups[-1][0].append(row)
        else:
            groups.append(([row], Stage.BASIC_ROUNDS, False))
        previous = row.place
    return groups


def classification_compute(
    *,
    standings: Standings,
    final: FinalPlacing | None = None,
    small_final: FinalPlacing | None = None,
    points_table: PointsTable | None = None,
    small_final_first_place: int | None = None,
    basic_order: Sequence[Sequence[PlayerId]] | None = None,
) -> Classification:
    """The final classification, with ranking points when ``points_table`` is given.

    Shared places split the points of the places they cover (see :mod:`.points`).
    Players of a final still being played have no place yet but hold their block.
    The small final follows the final unless ``small_final_first_place`` asks for a
    later block: the basic-round groups ranked above it come first (a group is never
    split, so the block starts at the first place at or after the one asked).
    ``basic_order`` (groups of tied players, best first) orders the players outside the
    finals instead of the standings, e.g. a league's table.
    """
    by_id = {row.player_id: row for row in standings.rows}
    in_final = set(final.player_ids) if final else set()
    in_small = set(small_final.player_ids) if small_final else set()
    both = sorted(in_final & in_small)
    if both:
        raise InvalidFinalError(f"players {both} are in both the final and the small final.")
    groups = _final_groups(final, Stage.FINAL, by_id)
    small_groups = _final_groups(small_final, Stage.SMALL_FINAL, by_id)
    others = [row for row in standings.rows if row.player_id not in in_final | in_small]
    rest = _rest_groups(others) if basic_order is None else _ordered_groups(basic_order, others)
    before = 0
    if small_final_first_place is not None:
        taken = sum(1 for members, _, _ in groups for row in members if row.status.is_placed)
        while before < len(rest) and taken + 1 < small_final_first_place:
            taken += sum(1 for row in rest[before][0] if row.status.is_placed)
            before += 1
    groups += rest[:before] + small_groups + rest[before:]

    ranked = places_assign(
        [members for members, _, _ in groups],
        is_counted=lambda row: row.status.is_placed,
        open_groups={i for i, (_, _, is_open) in enumerate(groups) if is_open},
    )
    stage_of = {row.player_id: stage for members, stage, _ in groups for row in members}
    places = {r.item.player_id: r.place for r in ranked}
    points = points_award(places, points_table) if points_table is not None else {}
    rows = tuple(
        ClassificationRow(
            player_id=r.item.player_id,
            name=r.item.name,
            status=r.item.status,
            stage=stage_of[r.item.player_id],
            place=r.place,
            is_shared=r.is_shared,
            points=points.get(r.item.player_id),
        )
        for r in ranked
    )
    is_complete = all(f is None or f.is_complete for f in (final, small_final))
    return Classification(rows=rows, is_complete=is_complete)
