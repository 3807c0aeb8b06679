"""The rating on pages: ``{% player_rating player %}`` (the profile's card) and the
rating column of the season ranking (``ratings_of_lines`` + ``rating_text``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

from scwu.figures import plus_minus
from tournaments.rating.chart import rating_chart
from tournaments.rating.models import PlayerRating
from tournaments.rating.selectors import rating_history, rating_of, ratings_for

register = template.Library()


@register.inclusion_tag("rating/_player_rating.html")
def player_rating(player: Any) -> dict[str, Any]:
    rating = rating_of(player.pk)
    history = rating_history(player.pk) if rating is not None else []
    return {"rating": rating, "chart": rating_chart(history)}


@register.simple_tag
def ratings_of_lines(lines: Iterable[Any]) -> dict[int, PlayerRating]:
    """``{% ratings_of_lines lines as ratings %}``: ratings of a ranking's players, one query."""
    ids = [line.row.player_id for line in lines if getattr(line.row, "player_id", None)]
    return ratings_for(ids)


@register.filter
def rating_text(ratings: dict[int, PlayerRating], player_id: int) -> str:
    """``28.4 ± 2.1`` (``28,4 ± 2,1`` in Czech), or a dash for a player never rated."""
    rating = ratings.get(player_id)
    if rating is None:
        return "–"
    return plus_minus(rating.mu, rating.sigma)
