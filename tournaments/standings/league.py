"""A league table: a season of club nights summed per player (standard library only).

Each finished game at a table earns placement points by the order of finish (fewest
letters best, :func:`~.placement.placement_points`; tied players share their places'
points). The club gives the points at a table of four; at a table of five or six the
first and the last place earn the same as at four and the places between are spread
evenly, so winning a larger table is worth as much as winning a table of four:

>>> [str(p) for p in league_scheme((4, 3, 2, 1), 5)]
['4', '13/4', '5/2', '7/4', '1']

The table is sorted by the club's choice: placement points (then success rate), or
success rate over every deal of the season (then placement points); remaining ties
share a place.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import InvalidPointsTableError
from .inputs import PlayerId
from .placement import placement_points
from .ranking import places_assign, rank_groups, rank_keys
from .tally import EMPTY_TALLY, Tally

#: the size of table the club's points list is for
LIST_SIZE = 4


class LeagueScoring(enum.StrEnum):
    PLACEMENT_POINTS = "placement_points"
    SUCCESS_RATE = "success_rate"


def league_scheme(points: Sequence[int], size: int) -> tuple[Fraction, ...]:
    """Points by place at a table of ``size`` from the club's list for a table of four."""
    if len(points) != LIST_SIZE or any(p < 0 for p in points):
        raise InvalidPointsTableError("a league's points list has four places, none negative.")
    if size < 2:
        raise InvalidPointsTableError(f"a table of {size} has no order of finish.")
    out = []
    for place in range(size):
        # where this place falls on the list, 0 (first) .. LIST_SIZE - 1 (last)
        at = Fraction(place * (LIST_SIZE - 1), size - 1)
        low = int(at)
        high = min(low + 1, LIST_SIZE - 1)
        out.append(points[low] + (points[high] - points[low]) * (at - low))
    return tuple(Fraction(p) for p in out)


@dataclass(frozen=True, slots=True)
class LeagueGame:
    """One finished game at one table: the night it belongs to and letters per player."""

    night: int
    letters: Mapping[PlayerId, int]


@dataclass(frozen=True, slots=True)
class LeagueLine:
    """A player's line in the league table."""

    player_id: PlayerId
    place: int
    is_shared: bool
    nights: int
    tally: Tally
    #: points earned each night attended, by night number
    night_points: Mapping[int, Fraction]
    points: Fraction


def night_points(
    games: Iterable[LeagueGame], points: Sequence[int]
) -> dict[PlayerId, dict[int, Fraction]]:
    """Placement points per player and night, summed over the night's games."""
    out: dict[PlayerId, dict[int, Fraction]] = {}
    for game in games:
        scheme = league_scheme(points, len(game.letters))
        for player, value in placement_points(game.letters, scheme=scheme).items():
            nights = out.setdefault(player, {})
            nights[game.night] = nights.get(game.night, Fraction(0)) + value
    return out


def league_standings(
    *,
    attendance: Mapping[PlayerId, Iterable[int]],
    games: Iterable[LeagueGame],
    figures: Mapping[PlayerId, Tally],
    scoring: LeagueScoring,
    points: Sequence[int],
    names: Mapping[PlayerId, str] | None = None,
) -> tuple[LeagueLine, ...]:
    """The league table of everyone who attended a night, best first.

    ``attendance``: the nights each player was seated; ``figures``: each player's deals
    over the season (the results' tournament figure).
    """
    earned = night_points(games, points)
    players = sorted(attendance)
    if not players:
        return ()
    totals = [sum(earned.get(p, {}).values(), Fraction(0)) for p in players]
    # a player without a deal yet ranks below every rate, as in the standings
    rates = [figures.get(p, EMPTY_TALLY).success_rate for p in players]
    rate_key = [Fraction(-1) if r is None else r for r in rates]
    columns = [(totals, True), (rate_key, True)]
    if scoring is LeagueScoring.SUCCESS_RATE:
        columns.reverse()
    keys = rank_keys(columns)
    display = [((names or {}).get(p, ""), p) for p in players]
    return tuple(
        LeagueLine(
            player_id=players[r.item],
            place=r.place or 0,
            is_shared=r.is_shared,
            nights=len(set(attendance[players[r.item]])),
            tally=figures.get(players[r.item], EMPTY_TALLY),
            night_points=dict(sorted(earned.get(players[r.item], {}).items())),
            points=totals[r.item],
        )
        for r in places_assign(rank_groups(keys, display))
    )
