"""Placement points per game, for clubs and leagues, accumulated over games.

At a table, fewest letters is best; the places earn a scheme's points (3-2-1-0 at
a table of four by default: ``table size - 1`` down to 0). Tied players split the
points of the places they occupy evenly, exactly: two tied for 2nd at a table of
four get (2 + 1) / 2 = 3/2 each, so the table always hands out the same total.

>>> placement_points({1: 0, 2: 3, 3: 3, 4: 5})
{1: Fraction(3, 1), 2: Fraction(3, 2), 3: Fraction(3, 2), 4: Fraction(0, 1)}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import InvalidPointsTableError
from .inputs import PlayerId
from .ranking import places_assign, rank_groups, rank_keys

Points = int | Fraction


def _scheme_for(size: int, scheme: Sequence[Points] | None) -> Sequence[Points]:
    if scheme is None:
        return range(size - 1, -1, -1)
    if len(scheme) < size:
        raise InvalidPointsTableError(
            f"the placement scheme has {len(scheme)} places but the table seats {size}."
        )
    if any(p < 0 for p in scheme):
        raise InvalidPointsTableError("placement points cannot be negative.")
    return scheme


def placement_points(
    letters: Mapping[PlayerId, int], *, scheme: Sequence[Points] | None = None
) -> dict[PlayerId, Fraction]:
    """Points of one game at one table from each player's letters (fewest best)."""
    if any(n < 0 for n in letters.values()):
        raise InvalidPointsTableError("letters held cannot be negative.")
    players = list(letters)
    if not players:
        return {}
    points = _scheme_for(len(players), scheme)
    keys = rank_keys([([letters[p] for p in players], False)])
    result: dict[PlayerId, Fraction] = {}
    for r in places_assign(rank_groups(keys, [(p,) for p in players])):
        place = r.place or 1
        tied = sum(1 for k in keys if k == keys[r.item])
        covered = sum((points[i] for i in range(place - 1, place - 1 + tied)), Fraction(0))
        result[players[r.item]] = Fraction(covered, tied)
    return {p: result[p] for p in players}


@dataclass(frozen=True, slots=True)
class LeagueRow:
    """A player in a club or league table."""

    player_id: PlayerId
    place: int
    is_shared: bool
    points: Fraction
    games: int
    letters: int


def league_table(
    games: Iterable[Mapping[PlayerId, int]],
    *,
    scheme: Sequence[int] | None = None,
    names: Mapping[PlayerId, str] | None = None,
) -> tuple[LeagueRow, ...]:
    """Placement points accumulated over ``games`` (each: letters per player at one table).

    Ranked by points, then fewer letters in total; remaining ties share a place.
    """
    points: dict[PlayerId, Fraction] = {}
    played: dict[PlayerId, int] = {}
    letters: dict[PlayerId, int] = {}
    for game in games:
        for player, value in placement_points(game, scheme=scheme).items():
            points[player] = points.get(player, Fraction(0)) + value
            played[player] = played.get(player, 0) + 1
            letters[player] = letters.get(player, 0) + game[player]
    players = sorted(points)
    if not players:
        return ()
    keys = rank_keys([([points[p] for p in players], True), ([letters[p] for p in players], False)])
    display = [((names or {}).get(p, ""), p) for p in players]
    return tuple(
        LeagueRow(
            player_id=players[r.item],
            place=r.place or 0,
            is_shared=r.is_shared,
            points=points[players[r.item]],
            games=played[players[r.item]],
            letters=letters[players[r.item]],
        )
        for r in places_assign(rank_groups(keys, display))
    )
