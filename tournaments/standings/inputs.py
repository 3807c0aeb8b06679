"""Input records of the standings maths, filled by the Django adapter from rows.

They are small frozen dataclasses that validate themselves on construction, so an
impossible row is refused at the boundary with a :class:`~.errors.StandingsError`.

>>> line = GameLine(player_id=7, round_number=1, deals_played=11, deals_lost=5)
>>> line.deals_won
6
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import InvalidGameLineError

PlayerId = int
"""A player's id (the registry's primary key)."""


class EntrantStatus(enum.StrEnum):
    """How an entrant counts in a tournament."""

    SCORING = "scoring"
    """A normal player: takes a place and ranking points."""
    SUBSTITUTE = "substitute"
    """A non-scoring substitute: shown, never placed, blocks no place."""
    WITHDRAWN_CLASSIFIED = "withdrawn_classified"
    """Withdrew (e.g. injury); the director keeps them in the classification."""
    WITHDRAWN_UNCLASSIFIED = "withdrawn_unclassified"
    """Withdrew and is not classified: shown without a place, blocks no place."""

    @property
    def is_placed(self) -> bool:
        """Whether the entrant takes a place (and so ranking points)."""
        return self is EntrantStatus.SCORING or self is EntrantStatus.WITHDRAWN_CLASSIFIED

    @property
    def can_qualify(self) -> bool:
        """Whether the entrant can go through the cut to the final (only active scorers)."""
        return self is EntrantStatus.SCORING


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player entered in a tournament, with the name used for display order."""

    player_id: PlayerId
    name: str
    status: EntrantStatus = EntrantStatus.SCORING


@dataclass(slots=True)
class GameLine:
    """One player's game in one round: what the scoresheet says about that seat.

    ``placka`` is true when the player completed the playing word (lost the game).
    ``penalty_points`` is ``None`` when the tournament does not record them.
    ``points_complete`` says whether every deal of the line carries its points; left
    out, it is read off the line (complete when points are given or no deal was played).

    Treat it as a value: nothing changes a line once built. It is not ``frozen`` because a
    frozen dataclass sets each field through ``object.__setattr__``, which made building
    the 10,000 lines of a read (1,000 players x 10 rounds) cost 7-9 ms instead of 2.
    """

    player_id: PlayerId
    round_number: int
    deals_played: int
    deals_lost: int
    placka: bool = False
    penalty_points: int | None = None
    points_complete: bool | None = None

    def __post_init__(self) -> None:
        if self.points_complete is None:
            self.points_complete = self.penalty_points is not None or self.deals_played == 0
        # One comparison chain for the valid case: a read builds 10,000 of these.
        if (
            self.round_number >= 1
            and 0 <= self.deals_lost <= self.deals_played
            and (self.penalty_points is None or self.penalty_points >= 0)
        ):
            return
        where = f"player {self.player_id}, round {self.round_number}"
        if self.round_number < 1:
            raise InvalidGameLineError(f"{where}: the round number must be 1 or more.")
        if self.deals_played < 0 or self.deals_lost < 0:
            raise InvalidGameLineError(f"{where}: deal counts cannot be negative.")
        if self.deals_lost > self.deals_played:
            raise InvalidGameLineError(
                f"{where}: {self.deals_lost} deals lost but only {self.deals_played} played."
            )
        raise InvalidGameLineError(f"{where}: penalty points cannot be negative.")

    @property
    def deals_won(self) -> int:
        """Deals not lost."""
        return self.deals_played - self.deals_lost
