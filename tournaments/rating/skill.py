"""The rating maths, pure Python (no Django).

A game's *order of finish*: seats that left the table in an elimination game
keep their table place; the seats still at the table when it ended (or every
seat of a game without places) rank above them by deals lost per deal played,
the placka holder last among them; a disqualified seat ranks last.  Equal
figures share a rank.

The model is OpenSkill's Plackett-Luce with its defaults (``mu`` 25,
``sigma`` 25/3): one update per game, each seat a team of one.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
MU = MODEL.mu
SIGMA = MODEL.sigma


@dataclass(frozen=True, slots=True)
class SeatFigures:
    """What the order of finish needs from one seat of a finished game."""

    player_id: int
    deals_played: int
    deals_lost: int
    placka: bool
    table_place: int | None
    is_disqualified: bool


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """A cautious figure: ``mu - 3 sigma`` (what a ranking by rating sorts on)."""
        return self.mu - 3 * self.sigma


def finish_ranks(seats: Sequence[SeatFigures]) -> list[int]:
    """Rank of each seat (1 best; equal figures share), in the order given."""

    def key(s: SeatFigures) -> tuple[int, int, Fraction | int, int]:
        if s.is_disqualified:
            return (2, 0, 0, 0)
        if s.table_place is not None:
            return (1, s.table_place, 0, 0)
        rate = Fraction(s.deals_lost, s.deals_played) if s.deals_played else Fraction(0)
        return (0, int(s.placka), rate, 0)

    keys = [key(s) for s in seats]
    ordered = sorted(set(keys))
    below = {k: sum(1 for other in keys if other < k) for k in ordered}
    return [below[k] + 1 for k in keys]


def update(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """New skills after one game (``ranks``: 1 best, ties allowed).

    Ties are rated as the average over the strict orders that rotate each
    tied group (each member takes each place of the group once): OpenSkill's
    own tie handling merges a tie at the top with the next rank.
    """
    n = len(skills)
    groups: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        groups.setdefault(r, []).append(i)
    tied = [members for _, members in sorted(groups.items())]
    mu = [0.0] * n
    sigma = [0.0] * n
    shifts = list(itertools.product(*(range(len(g)) for g in tied)))
    for shift in shifts:
        strict = [0] * n
        place = 1
        for members, k in zip(tied, shift, strict=True):
            for member in members[k:] + members[:k]:
                strict[member] = place
                place += 1
        teams = [[MODEL.create_rating([s.mu, s.sigma])] for s in skills]
        rated = MODEL.rate(teams, ranks=[float(r) for r in strict])
        for i, team in enumerate(rated):
            mu[i] += team[0].mu
            sigma[i] += team[0].sigma
    count = len(shifts)
    return [Skill(mu[i] / count, sigma[i] / count) for i in range(n)]


def pairwise_accuracy(predicted: Sequence[float], ranks: Sequence[int]) -> tuple[float, int]:
    """Share of pairs with different ranks whose order ``predicted`` gets right.

    ``predicted``: higher is better; a tie in the prediction counts half.
    Returns (correct, pairs) so that tables can be summed.
    """
    correct = 0.0
    pairs = 0
    for i in range(len(ranks)):
        for j in range(i + 1, len(ranks)):
            if ranks[i] == ranks[j]:
                continue
            pairs += 1
            better = i if ranks[i] < ranks[j] else j
            worse = j if better == i else i
            if predicted[better] > predicted[worse]:
                correct += 1
            elif predicted[better] == predicted[worse]:
                correct += 0.5
    return correct, pairs
