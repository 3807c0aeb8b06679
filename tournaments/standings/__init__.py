"""Pure standings maths of SCWU competitions (standard library only, no Django).

Basic-round standings with a registry of metrics and a tie-break precedence, the
cut to the final with its play-off, the final by elimination and the small final,
the final classification, placement points for clubs and leagues, ranking points,
season rankings and qualification lists, and records. The Django adapter turns
rows into the input dataclasses (:class:`Entrant`, :class:`GameLine`, ...).
"""

from __future__ import annotations

from .classification import (
    Classification,
    ClassificationRow,
    Stage,
    classification_compute,
)
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
from .final import (
    FinalEntry,
    FinalPlacing,
    FinalResult,
    FinalSettings,
    RemainderRule,
    final_place,
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
from .placement import LeagueRow, league_table, placement_points
from .points import PointsTable, points_award, points_table_get
from .ranking import Ranked, places_assign, rank_groups, rank_keys
from .records import (
    GameRecord,
    RecordEntry,
    best_career_rate,
    best_success_rate,
    fastest_placka,
    latest_first_letter,
    most_titles,
)
from .season import (
    MASTERS_SIZE,
    WORLD_SERIES_SIZE,
    SeasonRow,
    TeamResult,
    TournamentResult,
    masters_qualification,
    player_of_the_year,
    qualification_list,
    season_ranking_clubs,
    season_ranking_players,
    world_series_qualification,
)
from .standings import StandingRow, Standings, standings_compute
from .tally import EMPTY_TALLY, Tally, tally_sum

__all__ = [
    "DEFAULT_CUT_SIZE",
    "DEFAULT_PRECEDENCE",
    "EMPTY_TALLY",
    "MASTERS_SIZE",
    "METRICS",
    "WORLD_SERIES_SIZE",
    "Boundary",
    "BoundaryTie",
    "Classification",
    "ClassificationRow",
    "Direction",
    "Entrant",
    "EntrantStatus",
    "FinalEntry",
    "FinalPlacing",
    "FinalResult",
    "FinalSettings",
    "GameLine",
    "GameRecord",
    "InvalidEntrantsError",
    "InvalidFinalError",
    "InvalidGameLineError",
    "InvalidPointsTableError",
    "LeagueRow",
    "Metric",
    "PlayerId",
    "PlayoffMismatchError",
    "PlayoffResult",
    "PointsTable",
    "Ranked",
    "RecordEntry",
    "RemainderRule",
    "SeasonRow",
    "Stage",
    "StandingRow",
    "Standings",
    "StandingsError",
    "StandingsInternalError",
    "Tally",
    "TeamResult",
    "TournamentResult",
    "UnknownMetricError",
    "best_career_rate",
    "best_success_rate",
    "boundary_split",
    "classification_compute",
    "fastest_placka",
    "final_place",
    "format_place",
    "format_points",
    "format_rate",
    "latest_first_letter",
    "league_table",
    "masters_qualification",
    "metric_registry",
    "most_titles",
    "placement_points",
    "places_assign",
    "player_of_the_year",
    "points_award",
    "points_table_get",
    "precedence_resolve",
    "qualification_list",
    "rank_groups",
    "rank_keys",
    "round_half_up",
    "season_ranking_clubs",
    "season_ranking_players",
    "standings_compute",
    "tally_sum",
    "world_series_qualification",
]
