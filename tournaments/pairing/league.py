"""League nights: a season of club nights with varying attendance (pure, no Django).

A night's draw seats whoever is present and keeps repeats minimal over the
whole season so far: the history is every earlier round of every earlier
night, by player, and the random draw already weighs each pair by how often
it met (:class:`tournaments.pairing.draws.RandomDraw`).  This is the pure
model of what the site's draw does for a league tournament (its history is
every earlier round of the tournament: ``tournaments.services.draw``); the
league table is :mod:`tournaments.standings.league`.

>>> season = LeagueSeason()
>>> night = season.night_draw([1, 2, 3, 4, 5, 6, 7, 8])
>>> sorted(len(t) for t in night)
[4, 4]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .draws import draw_make
from .model import DrawRequest, Entrant, PastRound, TablePolicy, Tables


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
