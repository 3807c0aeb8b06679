"""The league table of a league tournament, as a viewer may see it.

The table itself is computed with the results (:func:`tournaments.results.selectors.
tournament_results`, ``league``: the one standings path, which the classification, the
placings and so the season ranking follow too); this joins it with the players' display
data for the page, the CSV and the API.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scwu.figures import figure
from tournaments.models import Tournament
from tournaments.results.selectors import EntryInfo, Night, tournament_results
from tournaments.standings import Tally, format_place, format_points
from tournaments.standings.league import LeagueLine, LeagueScoring

__all__ = ["LeagueRow", "LeagueTable", "Night", "league_table"]


@dataclass(frozen=True)
class LeagueRow:
    """A league line joined with the player's display data, ready for a page or a file."""

    line: LeagueLine
    info: EntryInfo
    #: points per night of the table's ``nights``, ``None`` where the player was absent
    by_night: tuple[Fraction | None, ...]

    @property
    def tally(self) -> Tally:
        return self.line.tally

    @property
    def place_label(self) -> str:
        return format_place(self.line.place)

    @property
    def success_rate_label(self) -> str:
        return figure(self.line.tally.success_rate, "%")

    @property
    def points_label(self) -> str:
        return figure(format_points(self.line.points))

    @property
    def night_labels(self) -> list[str]:
        return ["–" if p is None else figure(format_points(p)) for p in self.by_night]


@dataclass(frozen=True)
class LeagueTable:
    tournament: Tournament
    scoring: LeagueScoring
    points: tuple[int, ...]
    nights: tuple[Night, ...]
    rows: tuple[LeagueRow, ...]
    version: int
    includes_unreleased: bool
    #: some round's results are held back from the public (shown here to its directors)
    shows_held: bool


def league_table(tournament: Tournament, *, include_unreleased: bool = False) -> LeagueTable:
    """The league table as the public (or, with ``include_unreleased``, the directors) see it."""
    results = tournament_results(tournament, include_unreleased=include_unreleased)
    league = results.league
    nights = league.nights if league is not None else ()
    lines = league.lines if league is not None else ()
    attendance = league.attendance if league is not None else {}
    rows = tuple(
        LeagueRow(
            line=line,
            info=results.entries[line.player_id],
            by_night=tuple(
                line.night_points.get(n.number, Fraction(0))
                if n.number in attendance.get(line.player_id, ())
                else None
                for n in nights
            ),
        )
        for line in lines
    )
    return LeagueTable(
        tournament=tournament,
        scoring=LeagueScoring(tournament.league_scoring),
        points=tuple(int(p) for p in tournament.league_points),
        nights=tuple(nights),
        rows=rows,
        version=results.version,
        includes_unreleased=results.includes_unreleased,
        shows_held=results.includes_unreleased and any(not r.released for r in results.rounds),
    )
