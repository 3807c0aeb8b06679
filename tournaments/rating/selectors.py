"""Rating reads for pages and the API."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.visibility import public_results_q

from .models import PlayerRating, RatingChange


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The rating after one game, for the chart and the history."""

    game_id: int
    tournament: str
    round_number: int
    rank: int
    mu: float
    sigma: float


def rating_of(player_id: int) -> PlayerRating | None:
    return PlayerRating.objects.filter(player_id=player_id).first()


def ratings_for(player_ids: Iterable[int]) -> dict[int, PlayerRating]:
    """Ratings by player id (players never rated are absent)."""
    return {r.player_id: r for r in PlayerRating.objects.filter(player_id__in=list(player_ids))}


def rating_history(player_id: int) -> list[RatingPoint]:
    """The player's rating after each rated game, oldest first; a game whose round was held
    back again is left out even before the rating job withdraws it."""
    rows = (
        RatingChange.objects.filter(public_results_q("game__table__round__"), player_id=player_id)
        .select_related("game__table__round__tournament")
        .order_by("id")
    )
    return [
        RatingPoint(
            game_id=c.game_id,
            tournament=c.game.table.round.tournament.name,
            round_number=c.game.table.round.number,
            rank=c.rank,
            mu=c.mu,
            sigma=c.sigma,
        )
        for c in rows
    ]
