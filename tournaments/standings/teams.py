"""Team standings from the members' results, under the rule the tournament chose.

The adapter gives each team its members' lines: the tournament figure a member's
individual classification counts (every counted deal, the final included), the member's
individual place and ranking points, and whether the member counts for the team
(:attr:`MemberLine.counts`; the Django layer decides it from the individual standings:
see :mod:`tournaments.results.teams`). Only counted lines make the team's figures.

The rules (:class:`~.team_rules.TeamRule`):

- ``success_rate``: (deals played - deals lost) / deals played, summed over the counted
  members, higher is better; a team without a deal played ranks below every team with one.
- ``ranking_points``: the sum of the counted members' ranking points, higher is better.
- ``places``: the sum of the counted members' places, lower is better. A member without a
  place, and a member missing from a team of fewer than ``team_size`` counted members,
  counts as the place after the last one taken (``placed + 1``), so a team never gains by
  a member who is not placed.

Then, whatever the rule: the best counted member's place (lower), fewer placky, more deals
played; teams equal on all of these share the place.

>>> a = TeamLines(1, "Cats", (MemberLine(1, Tally(20, 5), place=1, points=Fraction(100)),
...                          MemberLine(2, Tally(20, 10), place=4, points=Fraction(50))))
>>> b = TeamLines(2, "Dogs", (MemberLine(3, Tally(20, 6), place=2, points=Fraction(80)),
...                          MemberLine(4, Tally(20, 6), place=3, points=Fraction(60))))
>>> [(s.name, s.place) for s in team_standings([a, b], rule=TeamRule.SUCCESS_RATE,
...                                            team_size=2, placed=4)]
[('Dogs', 1), ('Cats', 2)]
>>> [(s.name, s.place, s.member_points) for s in team_standings(
...     [a, b], rule=TeamRule.RANKING_POINTS, team_size=2, placed=4)]
[('Cats', 1, Fraction(150, 1)), ('Dogs', 2, Fraction(140, 1))]
>>> [(s.name, s.place, s.places_sum, s.is_shared) for s in team_standings(
...     [a, b], rule=TeamRule.PLACES, team_size=2, placed=4)]
[('Cats', 1, 5, False), ('Dogs', 2, 5, False)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import InvalidEntrantsError
from .inputs import PlayerId
from .points import PointsTable, points_award
from .ranking import Column, places_assign, rank_groups, rank_keys
from .tally import Tally
from .team_rules import TeamRule

TeamId = int


@dataclass(frozen=True, slots=True)
class MemberLine:
    """One member's whole-tournament figures as the individual classification counts them."""

    player_id: PlayerId
    figures: Tally
    #: The member's individual place (``None``: none, e.g. a non-scoring substitute).
    place: int | None = None
    #: The member's individual ranking points (``None``: none awarded).
    points: Fraction | None = None
    #: Whether the member's figures make the team's (see the module).
    counts: bool = True


@dataclass(frozen=True, slots=True)
class TeamLines:
    """A team and its members' lines."""

    team_id: TeamId
    name: str
    members: tuple[MemberLine, ...]


class DealsRate:
    """The success rate of a line's ``deals_played`` and ``deals_lost`` (a mixin)."""

    __slots__ = ()
    deals_played: int
    deals_lost: int

    @property
    def success_rate(self) -> Fraction | None:
        """Deals not lost over deals played; ``None`` before any deal is played."""
        if self.deals_played == 0:
            return None
        return Fraction(self.deals_played - self.deals_lost, self.deals_played)


@dataclass(frozen=True, slots=True)
class TeamStanding(DealsRate):
    """A team's line in the team standings (figures over its counted members)."""

    team_id: TeamId
    name: str
    place: int
    is_shared: bool
    deals_played: int
    deals_lost: int
    placky: int
    member_points: Fraction
    places_sum: int
    best_place: int | None
    #: Team ranking points by the category's team table (``None``: no table given).
    points: Fraction | None
    counted: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class _Figures:
    tally: Tally
    member_points: Fraction
    places_sum: int
    best_place: int | None
    counted: tuple[PlayerId, ...]


def _figures(team: TeamLines, *, team_size: int, placed: int) -> _Figures:
    counted = [m for m in team.members if m.counts]
    tally = Tally()
    for member in counted:
        tally = tally + member.figures
    unplaced = placed + 1
    places = [m.place if m.place is not None else unplaced for m in counted]
    places += [unplaced] * max(team_size - len(counted), 0)
    known = [m.place for m in counted if m.place is not None]
    return _Figures(
        tally=tally,
        member_points=sum((m.points or Fraction(0) for m in counted), Fraction(0)),
        places_sum=sum(places),
        best_place=min(known, default=None),
        counted=tuple(m.player_id for m in counted),
    )


def _headline(rule: TeamRule, figures: Sequence[_Figures]) -> list[Column]:
    if rule is TeamRule.SUCCESS_RATE:
        # A team without a deal ranks after every team with one (its rate is unknown,
        # not zero), then by its rate among the teams that played.
        played = [1 if f.tally.deals_played else 0 for f in figures]
        rates = [f.tally.success_rate or Fraction(0) for f in figures]
        return [(played, True), (rates, True)]
    if rule is TeamRule.RANKING_POINTS:
        return [([f.member_points for f in figures], True)]
    if rule is TeamRule.PLACES:
        return [([f.places_sum for f in figures], False)]
    raise ValueError(f"unknown team rule {rule!r}")  # pragma: no cover (closed list)


def team_standings(
    teams: Sequence[TeamLines],
    *,
    rule: TeamRule,
    team_size: int,
    placed: int,
    points: PointsTable | None = None,
) -> tuple[TeamStanding, ...]:
    """The teams ranked by ``rule`` and the tie-breaks (see the module), best first.

    ``placed`` is how many players the individual classification placed (an unplaced
    member counts as the place after them); ``points`` is the category's team table.
    """
    seen: set[PlayerId] = set()
    for team in teams:
        for member in team.members:
            if member.player_id in seen:
                raise InvalidEntrantsError(f"player {member.player_id} is in two teams.")
            seen.add(member.player_id)
    if not teams:
        return ()
    figures = [_figures(team, team_size=team_size, placed=placed) for team in teams]
    columns = [
        *_headline(TeamRule(rule), figures),
        ([f.best_place for f in figures], False),
        ([f.tally.placky for f in figures], False),
        ([f.tally.deals_played for f in figures], True),
    ]
    keys = rank_keys(columns)
    display = [(team.name, team.team_id) for team in teams]
    ranked = places_assign(rank_groups(keys, display))
    awarded = (
        points_award({teams[r.item].team_id: r.place for r in ranked}, points)
        if points is not None
        else {}
    )
    result = []
    for r in ranked:
        team, f = teams[r.item], figures[r.item]
        result.append(
            TeamStanding(
                team_id=team.team_id,
                name=team.name,
                place=r.place or 0,
                is_shared=r.is_shared,
                deals_played=f.tally.deals_played,
                deals_lost=f.tally.deals_lost,
                placky=f.tally.placky,
                member_points=f.member_points,
                places_sum=f.places_sum,
                best_place=f.best_place,
                points=awarded.get(team.team_id) if points is not None else None,
                counted=f.counted,
            )
        )
    return tuple(result)
