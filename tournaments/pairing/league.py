"""League nights: a season of club nights with varying attendance (pure, no Django).

A night's draw seats whoever is present and keeps repeats minimal over the
whole season so far: the history is every earlier round of every earlier
night, by player, and the random draw already weighs each pair by how often
it met (:class:`tournaments.pairing.draws.RandomDraw`).  The league table
sums the nights, by success rate (deals not lost over deals played, all
nights together) or by placement points per night (``points[place - 1]``,
nothing beyond the list), as the club chooses.

>>> season = LeagueSeason()
>>> night = season.night_draw([1, 2, 3, 4, 5, 6, 7, 8])
>>> sorted(len(t) for t in night)
[4, 4]
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .draws import draw_make
from .model import DrawRequest, Entrant, PastRound, TablePolicy, Tables


class LeagueScoring(enum.StrEnum):
    SUCCESS_RATE = "success_rate"
    PLACEMENT_POINTS = "placement_points"


@dataclass(frozen=True)
class NightResult:
    """One player's night: deals played and lost, and the place that night (1 best)."""

    player: int
    deals_played: int
    deals_lost: int
    place: int


@dataclass(frozen=True)
class LeagueRow:
    player: int
    nights: int
    deals_played: int
    deals_lost: int
    points: int

    @property
    def success_rate(self) -> Fraction:
        if not self.deals_played:
            return Fraction(0)
        return Fraction(self.deals_played - self.deals_lost, self.deals_played)


@dataclass
class LeagueSeason:
    """The season so far: every round played, in order, with player ids at the tables."""

    rounds: list[Tables] = field(default_factory=list)
    policy: TablePolicy = field(default_factory=TablePolicy)
    #: one seed for the season: while everyone comes, the nights follow an exact design
    seed: int = 0

    def history(self) -> tuple[PastRound, ...]:
        return tuple(PastRound(number, t) for number, t in enumerate(self.rounds, start=1))

    def night_draw(self, present: Iterable[int], *, seed: int | None = None) -> Tables:
        """Tables for the next round of tonight, seating exactly the players present."""
        entrants = tuple(Entrant(p) for p in sorted(set(present)))
        request = DrawRequest(
            round_number=len(self.rounds) + 1,
            entrants=entrants,
            history=self.history(),
            seed=self.seed if seed is None else seed,
            policy=self.policy,
        )
        return draw_make(request).tables

    def record(self, tables: Tables) -> None:
        """Add a round as played (the tables the night really used)."""
        self.rounds.append(tuple(tuple(t) for t in tables))

    def repeat_count(self) -> int:
        """Extra meetings over the season: a pair that met three times counts two."""
        met: dict[tuple[int, int], int] = {}
        for tables in self.rounds:
            for t in tables:
                for i, p in enumerate(t):
                    for q in t[i + 1 :]:
                        key = (p, q) if p < q else (q, p)
                        met[key] = met.get(key, 0) + 1
        return sum(n - 1 for n in met.values() if n > 1)


def league_table(
    nights: Sequence[Sequence[NightResult]],
    *,
    scoring: LeagueScoring,
    points: Sequence[int] = (10, 8, 6, 5, 4, 3, 2, 1),
) -> list[LeagueRow]:
    """The league table, best first (ties by the other figure, then player id)."""
    totals: dict[int, list[int]] = {}
    for night in nights:
        for r in night:
            row = totals.setdefault(r.player, [0, 0, 0, 0])
            row[0] += 1
            row[1] += r.deals_played
            row[2] += r.deals_lost
            row[3] += points[r.place - 1] if 0 < r.place <= len(points) else 0
    rows = [LeagueRow(p, *figures) for p, figures in totals.items()]
    if scoring is LeagueScoring.SUCCESS_RATE:
        rows.sort(key=lambda r: (-r.success_rate, -r.points, r.player))
    else:
        rows.sort(key=lambda r: (-r.points, -r.success_rate, r.player))
    return rows
