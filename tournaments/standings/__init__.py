"""Pure standings maths of SCWU competitions (standard library only, no Django).

Basic-round standings with a registry of metrics and a tie-break precedence, the
cut to the final with its play-off, the final by elimination and the small final,
the final classification, placement points for clubs and leagues, ranking points,
season rankings and qualification lists, and records. The Django adapter turns
rows into the input dataclasses (:class:`Entrant`, :class:`GameLine`, ...).
"""

from __future__ import annotations

from .cut import (
    DEFAULT_CUT_SIZE,
    Boundary,
    BoundaryTie,
    PlayoffResult,
    boundary_split,
)
from .errors import (
    InvalidEntrantsError,
    InvalidFinalError,
    InvalidGameLineError,
    InvalidPointsTableError,
    PlayoffMismatchError,
    StandingsError,
    StandingsInternalError,
    UnknownMetricError,
)
from .formatting import format_place, format_points, format_rate, round_half_up
from .inputs import Entrant, EntrantStatus, GameLine, PlayerId
from .metrics import (
    DEFAULT_PRECEDENCE,
    METRICS,
    Direction,
    Metric,
    metric_registry,
    precedence_resolve,
)
from .ranking import Ranked, places_assign, rank_groups, rank_keys
from .standings import StandingRow, Standings, standings_compute
from .tally import EMPTY_TALLY, Tally, tally_sum

__all__ = [
    "DEFAULT_CUT_SIZE",
    "DEFAULT_PRECEDENCE",
    "EMPTY_TALLY",
    "METRICS",
    "Boundary",
    "BoundaryTie",
    "Direction",
    "Entrant",
    "EntrantStatus",
    "GameLine",
    "InvalidEntrantsError",
    "InvalidFinalError",
    "InvalidGameLineError",
    "InvalidPointsTableError",
    "Metric",
    "PlayerId",
    "PlayoffMismatchError",
    "PlayoffResult",
    "Ranked",
    "StandingRow",
    "Standings",
    "StandingsError",
    "StandingsInternalError",
    "Tally",
    "UnknownMetricError",
    "boundary_split",
    "format_place",
    "format_points",
    "format_rate",
    "metric_registry",
    "places_assign",
    "precedence_resolve",
    "rank_groups",
    "rank_keys",
    "round_half_up",
    "standings_compute",
    "tally_sum",
]
