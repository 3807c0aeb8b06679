"""The league table of a league tournament, as a viewer may see it.

The deals (played, lost, success rate) are the results' tournament figure
(:func:`tournaments.results.selectors.tournament_results`, the one standings path);
the nights attended and the placement points come from the seats and the finished
games of the rounds the viewer may see; the maths is :mod:`tournaments.standings.league`.
A round without a night date (planned on the rounds page) counts as a night of its own.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from games.models.results import SeatResult
from tournaments.models import Round, RoundStatus, TableSeat, Tournament
from tournaments.results.selectors import EntryInfo, tournament_results
from tournaments.standings import Tally, format_place, format_points, format_rate
from tournaments.standings.league import LeagueGame, LeagueLine, LeagueScoring, league_standings


@dataclass(frozen=True)
class Night:
    number: int
    date: dt.date | None
    rounds: tuple[int, ...]


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
        return format_rate(self.line.tally.success_rate)

    @property
    def points_label(self) -> str:
        return format_points(self.line.points)

    @property
    def night_labels(self) -> list[str]:
        return ["–" if p is None else format_points(p) for p in self.by_night]


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


def _nights(tournament: Tournament, visible: tuple[int, ...]) -> tuple[dict[int, int], list[Night]]:
    """Night number by round id, and the nights in date order (drawn rounds only)."""
    rounds = (
        Round.objects.filter(
            tournament=tournament,
            number__in=visible,
            status__in=[RoundStatus.PUBLISHED, RoundStatus.FINISHED],
        )
        .order_by("number")
        .values_list("pk", "number", "night")
    )
    keyed: dict[tuple[int, dt.date | int], list[tuple[int, int]]] = defaultdict(list)
    for pk, number, night in rounds:
        # dated nights first come in date order; an undated round by its number
        key: tuple[int, dt.date | int] = (0, night) if night is not None else (1, number)
        keyed[key].append((pk, number))
    by_round: dict[int, int] = {}
    nights = []
    for index, key in enumerate(sorted(keyed, key=_night_order), start=1):
        for pk, _number in keyed[key]:
            by_round[pk] = index
        date = key[1] if isinstance(key[1], dt.date) else None
        nights.append(Night(index, date, tuple(n for _pk, n in keyed[key])))
    return by_round, nights


def _night_order(key: tuple[int, dt.date | int]) -> tuple[int, str]:
    kind, value = key
    return (kind, value.isoformat() if isinstance(value, dt.date) else f"{value:06d}")


def _games(night_of: dict[int, int]) -> list[LeagueGame]:
    """Every finished game at a table, letters per player (a disqualified seat is last)."""
    tables: dict[int, dict[int, tuple[int, bool]]] = defaultdict(dict)
    night_of_table: dict[int, int] = {}
    rows = SeatResult.objects.filter(round_id__in=list(night_of), game_finished=True).values_list(
        "seat__table_id", "round_id", "entry__player_id", "letters", "is_disqualified"
    )
    for table_id, round_id, player_id, letters, disqualified in rows:
        tables[table_id][player_id] = (letters, bool(disqualified))
        night_of_table[table_id] = night_of[round_id]
    games = []
    for table_id, seats in tables.items():
        if len(seats) < 2:
            continue
        last = max(n for n, _dq in seats.values()) + 1
        held = {p: last if dq else n for p, (n, dq) in seats.items()}
        games.append(LeagueGame(night_of_table[table_id], held))
    return games


def league_table(tournament: Tournament, *, include_unreleased: bool = False) -> LeagueTable:
    """The league table as the public (or, with ``include_unreleased``, the directors) see it."""
    results = tournament_results(tournament, include_unreleased=include_unreleased)
    night_of, nights = _nights(tournament, results.visible_rounds)
    attendance: dict[int, set[int]] = defaultdict(set)
    for player_id, round_id in TableSeat.objects.filter(
        table__round_id__in=list(night_of)
    ).values_list("entry__player_id", "table__round_id"):
        attendance[player_id].add(night_of[round_id])
    scoring = LeagueScoring(tournament.league_scoring)
    points = tuple(int(p) for p in tournament.league_points)
    names = {pid: info.nickname for pid, info in results.entries.items()}
    lines = league_standings(
        attendance=attendance,
        games=_games(night_of),
        figures=results.figures,
        scoring=scoring,
        points=points,
        names=names,
    )
    rows = tuple(
        LeagueRow(
            line=line,
            info=results.entries[line.player_id],
            by_night=tuple(
                line.night_points.get(n.number, Fraction(0))
                if n.number in attendance[line.player_id]
                else None
                for n in nights
            ),
        )
        for line in lines
    )
    return LeagueTable(
        tournament=tournament,
        scoring=scoring,
        points=points,
        nights=tuple(nights),
        rows=rows,
        version=results.version,
        includes_unreleased=results.includes_unreleased,
        shows_held=results.includes_unreleased and any(not r.released for r in results.rounds),
    )
