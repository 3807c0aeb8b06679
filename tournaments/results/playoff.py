"""The play-off at a cut: a game that settles a tie across the line to the final or to the
small final (the same play-off for every cut).

``playoff_seating`` finds the cut to settle and the players to seat;
``tournaments.services.playoff.playoff_create`` seats them at one table of a new PLAYOFF
round (published at once, so the table can be scored) with the last basic round's word;
the results then read the play-off's game to order the tied players (see :mod:`.compute`).
Whether a play-off may be created now, and why not, is the lifecycle's rule
(``tournaments.lifecycle.cuts``), which reads the ``problem`` found here.

Decisions where the rules are silent:

- The final's cut is settled first: the small final's field is the players below it.
- A game needs four seats. With two or three tied players the table is filled with the
  players ranked just below the tie (then just above it when the field is that small);
  their own result in the play-off counts for nothing: not in the order of the tie, not
  in their tournament figures, and the play-off is no "meeting" for later draws.
- At most six tied players fit one table; a larger tie is refused with the reason, and
  the director seats it by hand (a PLAYOFF round with a manual draw, at several tables).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tournaments.standings import Boundary, BoundaryTie, Standings

TABLE_MIN = 4
TABLE_MAX = 6


class Cut(enum.StrEnum):
    """The cuts a play-off settles, in the order they are settled."""

    FINAL = "final"
    SMALL_FINAL = "small_final"


class PlayoffProblem(enum.StrEnum):
    """Why the standings give no play-off at one table (of four to six seats)."""

    NO_TIE = "no_tie"
    TIE_TOO_LARGE = "tie_too_large"
    FIELD_TOO_SMALL = "field_too_small"


@dataclass(frozen=True, slots=True)
class PlayoffSeating:
    """The cut to settle, its tie, the player ids to seat (the tied players, and fillers
    up to four), or the ``problem`` that stops a one-table play-off."""

    cut: Cut | None
    tie: BoundaryTie | None
    tied: tuple[int, ...] = ()
    fillers: tuple[int, ...] = ()
    problem: PlayoffProblem | None = None


def cut_boundaries(standings: Standings) -> list[tuple[Cut, Boundary]]:
    """The standings' cuts, the final's first (only those the tournament has)."""
    found = [(Cut.FINAL, standings.cut), (Cut.SMALL_FINAL, standings.small_cut)]
    return [(name, boundary) for name, boundary in found if boundary is not None]


def playoff_seating(standings: Standings) -> PlayoffSeating:
    """The first tied cut and who to seat to settle it (see the module)."""
    tied_cut = next(((c, b.tie) for c, b in cut_boundaries(standings) if b.tie is not None), None)
    if tied_cut is None:
        return PlayoffSeating(cut=None, tie=None, problem=PlayoffProblem.NO_TIE)
    cut, tie = tied_cut
    tied = tuple(tie.player_ids)
    if len(tied) > TABLE_MAX:
        return PlayoffSeating(cut, tie, tied, problem=PlayoffProblem.TIE_TOO_LARGE)
    order = [row.player_id for row in standings.rows if row.status.can_qualify]
    first = min(order.index(p) for p in tied)
    below = [p for p in order[first:] if p not in tied]
    above = list(reversed(order[:first]))
    fillers = tuple((below + above)[: max(0, TABLE_MIN - len(tied))])
    if len(tied) + len(fillers) < TABLE_MIN:
        return PlayoffSeating(cut, tie, tied, fillers, PlayoffProblem.FIELD_TOO_SMALL)
    return PlayoffSeating(cut, tie, tied, fillers)
