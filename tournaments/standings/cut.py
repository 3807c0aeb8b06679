"""Boundaries: the cut to the final, qualification lists, and the play-off at the cut.

A boundary takes the best ``size`` of an ordered list of tie groups. When a tie
group straddles it, the boundary is *unresolved* and reports the tied players and
how many spots remain among them, so that a play-off game can be created.

>>> b = boundary_split([[1], [2, 3], [4]], size=2, places=[1, 2, 4])
>>> b.qualified, b.tie
((1,), BoundaryTie(player_ids=(2, 3), spots=1, place=2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import PlayoffMismatchError
from .inputs import PlayerId

DEFAULT_CUT_SIZE = 6
"""Players in the final, by default."""


@dataclass(frozen=True, slots=True)
class BoundaryTie:
    """Players tied across a boundary, competing for ``spots`` remaining places.

    ``place`` is the (shared) place they hold in the standings.
    """

    player_ids: tuple[PlayerId, ...]
    spots: int
    place: int


@dataclass(frozen=True, slots=True)
class Boundary:
    """The best ``size`` of a ranking; ``qualified`` are those clearly through."""

    size: int
    qualified: tuple[PlayerId, ...]
    tie: BoundaryTie | None
    resolved_by_playoff: bool = False

    @property
    def is_resolved(self) -> bool:
        """Whether everybody's side of the boundary is known (no tie across it)."""
        return self.tie is None

    @property
    def needs_playoff(self) -> bool:
        """Whether a play-off game must be created to settle the boundary."""
        return self.tie is not None


@dataclass(frozen=True, slots=True)
class PlayoffResult:
    """The result of a play-off game at the cut: give ``ranking`` or ``losers``.

    ``ranking`` orders all tied players best first (the play-off's own finishing
    order); ``losers`` lists those who did not go through (e.g. who completed the
    word). Exactly one of the two is given.
    """

    ranking: tuple[PlayerId, ...] = ()
    losers: tuple[PlayerId, ...] = ()


def boundary_split(
    groups: Sequence[Sequence[PlayerId]], *, size: int, places: Sequence[int]
) -> Boundary:
    """The best ``size`` of ordered tie ``groups`` (``places[i]`` is group ``i``'s place)."""
    if size < 0:
        raise PlayoffMismatchError(f"a boundary size cannot be negative ({size}).")
    qualified: list[PlayerId] = []
    for group, place in zip(groups, places, strict=True):
        if not group:
            continue
        spots = size - len(qualified)
        if spots <= 0:
            break
        if len(group) <= spots:
            qualified.extend(group)
        else:
            tie = BoundaryTie(player_ids=tuple(group), spots=spots, place=place)
            return Boundary(size=size, qualified=tuple(qualified), tie=tie)
    return Boundary(size=size, qualified=tuple(qualified), tie=None)


def playoff_ranks(tie: BoundaryTie, playoff: PlayoffResult) -> dict[PlayerId, int]:
    """Ranks (0 = best) the play-off gives to the tied players; validated against ``tie``.

    With a ranking every tied player gets a distinct rank; with losers the
    winners share rank 0 and the losers rank 1.
    """
    tied = set(tie.player_ids)
    names = ", ".join(str(p) for p in tie.player_ids)
    if bool(playoff.ranking) == bool(playoff.losers):
        raise PlayoffMismatchError("give the play-off result as a ranking or as losers, not both.")
    if playoff.ranking:
        if len(set(playoff.ranking)) != len(playoff.ranking) or set(playoff.ranking) != tied:
            raise PlayoffMismatchError(
                f"the play-off ranking must list exactly the tied players ({names}) once each."
            )
        return {player: rank for rank, player in enumerate(playoff.ranking)}
    losers = set(playoff.losers)
    if len(losers) != len(playoff.losers) or not losers <= tied:
        raise PlayoffMismatchError(
            f"the play-off losers must be distinct players among the tied ones ({names})."
        )
    expected = len(tied) - tie.spots
    if len(losers) != expected:
        raise PlayoffMismatchError(
            f"{len(tied)} players tie for {tie.spots} spot(s): the play-off needs "
            f"{expected} loser(s), got {len(losers)}."
        )
    return {player: 1 if player in losers else 0 for player in tie.player_ids}
