"""The play-off at the cut: a game that settles a tie across the line to the final.

``playoff_seating`` finds the players to seat; ``tournaments.services.playoff.playoff_create``
seats them at one table of a new PLAYOFF round (published at once, so the table can be
scored) with the last basic round's word; the results then read the play-off's game to order
the tied players (see :mod:`.compute`).

Decisions where the rules are silent:

- A game needs four seats. With two or three tied players the table is filled with the
  players ranked just below the tie (then just above it when the field is that small);
  their own result in the play-off counts for nothing: not in the order of the tie, not
  in their tournament figures, and the play-off is no "meeting" for later draws.
- At most six tied players fit one table; a larger tie is refused with the reason, and
  the director seats it by hand (a PLAYOFF round with a manual draw).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.standings import Standings

TABLE_MIN = 4
TABLE_MAX = 6


def playoff_seating(standings: Standings) -> tuple[list[int], list[int]]:
    """Player ids to seat: the tied players, and the fillers up to four (see the module)."""
    cut = standings.cut
    if cut is None or cut.tie is None:
        raise ValidationError(
            {"tournament": [_("Nobody ties at the cut: no play-off is needed.")]},
            code="no_tie",
        )
    tied = list(cut.tie.player_ids)
    if len(tied) > TABLE_MAX:
        raise ValidationError(
            {
                "tournament": [
                    _(
                        "%(n)d players tie at the cut, more than one table seats: create a "
                        "play-off round and seat them by hand."
                    )
                    % {"n": len(tied)}
                ]
            },
            code="tie_too_large",
        )
    order = [row.player_id for row in standings.rows if row.status.can_qualify]
    first = min(order.index(p) for p in tied)
    below = [p for p in order[first:] if p not in tied]
    above = [p for p in reversed(order[:first])]
    fillers = (below + above)[: max(0, TABLE_MIN - len(tied))]
    if len(tied) + len(fillers) < TABLE_MIN:
        raise ValidationError(
            {"tournament": [_("The field is too small to seat a play-off table of four.")]},
            code="field_too_small",
        )
    return tied, fillers
