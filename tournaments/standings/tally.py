"""Tallies: deals played, deals lost, placky and penalty points, summed over games.

>>> t = Tally(deals_played=11, deals_lost=5)
>>> t.success_rate
Fraction(6, 11)
>>> (t + Tally(deals_played=7, deals_lost=0)).success_rate
Fraction(13, 18)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .errors import InvalidEntrantsError
from .inputs import GameLine, PlayerId


@dataclass(frozen=True, slots=True)
class Tally:
    """Figures of one player over some games (one round, or cumulative).

    ``penalty_points`` stays ``None`` while no summed game recorded any.
    ``points_complete`` says whether every deal summed carries its points: the points
    tie-break compares only complete tallies, since a deal whose points nobody typed
    in is not a deal without penalty points.
    """

    deals_played: int = 0
    deals_lost: int = 0
    placky: int = 0
    penalty_points: int | None = None
    points_complete: bool = True

    @property
    def deals_won(self) -> int:
        """Deals not lost."""
        return self.deals_played - self.deals_lost

    @property
    def success_rate(self) -> Fraction | None:
        """Deals not lost / deals played, exactly; ``None`` before any deal is played."""
        if self.deals_played == 0:
            return None
        return Fraction(self.deals_played - self.deals_lost, self.deals_played)

    def __add__(self, other: Tally) -> Tally:
        if self.penalty_points is None and other.penalty_points is None:
            penalty = None
        else:
            penalty = (self.penalty_points or 0) + (other.penalty_points or 0)
        return Tally(
            deals_played=self.deals_played + other.deals_played,
            deals_lost=self.deals_lost + other.deals_lost,
            placky=self.placky + other.placky,
            penalty_points=penalty,
            points_complete=self.points_complete and other.points_complete,
        )

    @classmethod
    def from_line(cls, line: GameLine) -> Tally:
        """The tally of a single game line."""
        return cls(
            deals_played=line.deals_played,
            deals_lost=line.deals_lost,
            placky=1 if line.placka else 0,
            penalty_points=line.penalty_points,
            points_complete=bool(line.points_complete),
        )


EMPTY_TALLY = Tally()


def lines_by_player(
    lines: Iterable[GameLine], *, rounds: Collection[int] | None = None
) -> dict[PlayerId, dict[int, GameLine]]:
    """Group game lines by player then round, keeping only ``rounds`` (all if ``None``).

    A player has one game per round; a second line for the same round is refused.
    """
    by_player: dict[PlayerId, dict[int, GameLine]] = {}
    for line in lines:
        if rounds is not None and line.round_number not in rounds:
            continue
        per_round = by_player.get(line.player_id)
        if per_round is None:
            per_round = by_player[line.player_id] = {}
        elif line.round_number in per_round:
            raise InvalidEntrantsError(
                f"player {line.player_id} has two game lines for round {line.round_number}."
            )
        per_round[line.round_number] = line
    return by_player


def tally_sum(lines: Iterable[GameLine]) -> Tally:
    """The cumulative tally of some game lines (one player's, normally)."""
    played = lost = placky = penalty = 0
    has_penalty = False
    complete = True
    for line in lines:
        complete = complete and bool(line.points_complete)
        played += line.deals_played
        lost += line.deals_lost
        if line.placka:
            placky += 1
        if line.penalty_points is not None:
            has_penalty = True
            penalty += line.penalty_points
    return Tally(played, lost, placky, penalty if has_penalty else None, complete)


def tallies_by_round(per_round: Mapping[int, GameLine]) -> dict[int, Tally]:
    """Per-round tallies of one player, from that player's lines by round."""
    return {number: Tally.from_line(line) for number, line in sorted(per_round.items())}
