"""Season rankings of players and clubs, Player of the Year, qualification lists.

A season ranking sums ranking points over the season's tournaments. Ties are
broken by more tournaments won, then the best single tournament (most points in
one tournament), then shared. A club's points are those its players earned while
members: each result carries the club at the time, plus the team ranking points its
teams earned (:class:`TeamResult`): a team's points go to its club's total in that
tournament, a team's first place counts as a win of its club, and the best single
tournament is the club's players' and teams' points there together.

>>> results = [
...     TournamentResult(1, player_id=7, place=1, points=100, club_id=1),
...     TournamentResult(2, player_id=7, place=3, points=60, club_id=2),
...     TournamentResult(2, player_id=8, place=1, points=100, club_id=2),
... ]
>>> [(r.subject_id, r.place, r.points) for r in season_ranking_players(results)]
[(7, 1, Fraction(160, 1)), (8, 2, Fraction(100, 1))]
>>> [(r.subject_id, r.points) for r in season_ranking_clubs(results)]
[(2, Fraction(160, 1)), (1, Fraction(100, 1))]
>>> teams = [TeamResult(3, team_id=1, club_id=1, place=1, points=90)]
>>> [(r.subject_id, r.points, r.wins) for r in season_ranking_clubs(results, teams=teams)]
[(1, Fraction(190, 1), 2), (2, Fraction(160, 1), 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .cut import Boundary, boundary_split
from .errors import InvalidEntrantsError
from .inputs import PlayerId
from .ranking import places_assign, rank_groups, rank_keys

MASTERS_SIZE = 10
"""The Masters invites the season's top ten."""
WORLD_SERIES_SIZE = 30
"""The World Series invites the season's top thirty."""


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """A player's result in one tournament: place, ranking points, club at the time."""

    tournament_id: int
    player_id: PlayerId
    place: int | None
    points: Fraction | int = 0
    club_id: int | None = None


@dataclass(frozen=True, slots=True)
class TeamResult:
    """A team's result in one tournament: its place and team ranking points, its club."""

    tournament_id: int
    team_id: int
    club_id: int
    place: int | None
    points: Fraction | int = 0


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A player (or club) in a season ranking."""

    subject_id: int
    place: int
    is_shared: bool
    points: Fraction
    tournaments: int
    wins: int
    best_result: Fraction


_Result = TournamentResult | TeamResult


def _rank(
    by_subject: Mapping[int, Mapping[int, list[_Result]]],
    names: Mapping[int, str] | None,
) -> tuple[SeasonRow, ...]:
    subjects = sorted(by_subject)
    totals: list[Fraction] = []
    wins: list[int] = []
    best: list[Fraction] = []
    for subject in subjects:
        per_tournament = [
            sum((Fraction(r.points) for r in rs), Fraction(0))
            for rs in by_subject[subject].values()
        ]
        totals.append(sum(per_tournament, Fraction(0)))
        best.append(max(per_tournament, default=Fraction(0)))
        wins.append(sum(1 for rs in by_subject[subject].values() if any(r.place == 1 for r in rs)))
    if not subjects:
        return ()
    keys = rank_keys([(totals, True), (wins, True), (best, True)])
    display = [((names or {}).get(s, ""), s) for s in subjects]
    ranked = places_assign(rank_groups(keys, display))
    return tuple(
        SeasonRow(
            subject_id=subjects[r.item],
            place=r.place or 0,
            is_shared=r.is_shared,
            points=totals[r.item],
            tournaments=len(by_subject[subjects[r.item]]),
            wins=wins[r.item],
            best_result=best[r.item],
        )
        for r in ranked
    )


def _group(
    results: Iterable[TournamentResult], subject: Callable[[TournamentResult], int | None]
) -> dict[int, dict[int, list[_Result]]]:
    grouped: dict[int, dict[int, list[_Result]]] = {}
    seen: set[tuple[int, PlayerId]] = set()
    for result in results:
        if (result.tournament_id, result.player_id) in seen:
            raise InvalidEntrantsError(
                f"player {result.player_id} has two results in tournament {result.tournament_id}."
            )
        seen.add((result.tournament_id, result.player_id))
        key = subject(result)
        if key is not None:
            grouped.setdefault(key, {}).setdefault(result.tournament_id, []).append(result)
    return grouped


def season_ranking_players(
    results: Iterable[TournamentResult], *, names: Mapping[PlayerId, str] | None = None
) -> tuple[SeasonRow, ...]:
    """The season ranking of players (``names`` only orders ties for display)."""
    return _rank(_group(results, lambda r: r.player_id), names)


def season_ranking_clubs(
    results: Iterable[TournamentResult],
    *,
    teams: Iterable[TeamResult] = (),
    names: Mapping[int, str] | None = None,
) -> tuple[SeasonRow, ...]:
    """The season ranking of clubs, over results with a club at the time and its teams'.

    A club's wins are the tournaments one of its players (while a member) or one of its
    teams won; its best single result is its players' and teams' points in one
    tournament together.
    """
    grouped = _group(results, lambda r: r.club_id)
    seen: set[tuple[int, int]] = set()
    for team in teams:
        if (team.tournament_id, team.team_id) in seen:
            raise InvalidEntrantsError(
                f"team {team.team_id} has two results in tournament {team.tournament_id}."
            )
        seen.add((team.tournament_id, team.team_id))
        grouped.setdefault(team.club_id, {}).setdefault(team.tournament_id, []).append(team)
    return _rank(grouped, names)


def player_of_the_year(ranking: Sequence[SeasonRow]) -> tuple[PlayerId, ...]:
    """The top of the season ranking (several players if first place is shared)."""
    return tuple(row.subject_id for row in ranking if row.place == 1)


def qualification_list(ranking: Sequence[SeasonRow], *, size: int) -> Boundary:
    """The season's top ``size``; a tie across the boundary is flagged in ``tie``."""
    groups: list[list[int]] = []
    places: list[int] = []
    for row in ranking:
        if groups and places[-1] == row.place:
            groups[-1].append(row.subject_id)
        else:
            groups.append([row.subject_id])
            places.append(row.place)
    return boundary_split(groups, size=size, places=places)


def masters_qualification(ranking: Sequence[SeasonRow]) -> Boundary:
    """Who the Masters invites: the top ten."""
    return qualification_list(ranking, size=MASTERS_SIZE)


def world_series_qualification(ranking: Sequence[SeasonRow]) -> Boundary:
    """Who the World Series invites: the top thirty."""
    return qualification_list(ranking, size=WORLD_SERIES_SIZE)
