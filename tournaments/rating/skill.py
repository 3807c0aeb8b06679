"""The rating maths, pure Python (no Django).

A game's *order of finish*: seats that left the table in an elimination game
keep their table place; the seats still at the table when it ended (or every
seat of a game without places) rank above them by deals lost per deal played,
the placka holder last among them; a disqualified seat ranks last.  Equal
figures share a rank.

The model is OpenSkill's Plackett-Luce (``mu`` 25, ``sigma`` 25/3, ``beta``
:data:`BETA`), each seat a team of one.  It learns from every *deal*, not
only from the game's final order: a game is rated as one match per lost
deal, that deal's loser last and every other seat tied ahead of it.  One
ranking per game of 4-6 seats carries far less evidence than its 10-30
deals, each with a loser: rated once per game, the model predicted the order
at a table worse than the success rate alone.  Rated per deal it matches the
success rate where every player meets the same mix of opponents and beats it
where the fields differ (``python -m tools.rating_check`` measures
both, with intervals).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from openskill.models import PlackettLuce

#: The performance noise of one deal.  A deal is a noisy trial (a fair table
#: gives each seat a 1 in 4 chance to lose it), so it needs a larger beta than
#: OpenSkill's default 25/6, which is tuned for one decisive ranking.  Chosen
#: from 25/6, 8 and 16 and the Plackett-Luce, Bradley-Terry and Thurstone-
#: Mosteller models on training seasons whose seeds the check never reports
#: (see its docstring).
BETA = 16.0
MODEL = PlackettLuce(beta=BETA)
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


def deal_losers(seats: Sequence[SeatFigures]) -> list[int]:
    """The loser (an index into ``seats``) of each lost deal, in a fixed order.

    A seat's results keep only how many deals it lost, not which, so the
    seats take turns (one loss each, in seat order, while they have losses
    left): no seat's losses all come first, where the sequential updates
    would weigh them differently.  A deal with two losers counts twice.
    """
    left = [s.deals_lost for s in seats]
    losers: list[int] = []
    while any(left):
        for i, count in enumerate(left):
            if count:
                losers.append(i)
                left[i] -= 1
    return losers


def update(skills: Sequence[Skill], seats: Sequence[SeatFigures]) -> list[Skill]:
    """New skills after one game: one match per lost deal (see the module docstring).

    ``skills`` and ``seats`` are in the same order.  The site's task
    (:func:`tournaments.rating.services.rate_game`) and the check rate with
    this function only.  A seat that sat out a deal at a table of five or six
    counts among that deal's non-losers: the results do not say which deals
    it sat out.
    """
    if len(skills) != len(seats):
        raise ValueError(f"{len(skills)} skills for {len(seats)} seats")
    ratings = [MODEL.create_rating([s.mu, s.sigma]) for s in skills]
    for loser in deal_losers(seats):
        ranks = [2.0 if i == loser else 1.0 for i in range(len(ratings))]
        rated = MODEL.rate([[r] for r in ratings], ranks=ranks)
        ratings = [team[0] for team in rated]
    return [Skill(r.mu, r.sigma) for r in ratings]


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
