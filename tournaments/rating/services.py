"""Rating writes: rate a tournament's finished, released games once each.

Games are rated in the order they finished.  Each game's update runs in its
own transaction with the players' rating rows locked, so two workers never
interleave two updates of one player; a game already rated is skipped, so a
repeated task does nothing.  ``rating_rebuild`` rates everything again from
scratch (after a correction to a game already rated).
"""

from __future__ import annotations

import logging

from django.db import transaction

from games.models import GameStatus, SeatResult, TableGame
from scwu.broker import task_send

from .models import PlayerRating, RatingChange
from .skill import SeatFigures, Skill, finish_ranks, update

logger = logging.getLogger(__name__)


#: The rating job (defined in ``tournaments.rating.tasks``, which calls back here).
RATING_UPDATE_TASK = "rating.update"


def rating_enqueue(tournament_id: int) -> None:
    """Queue the rating task for a tournament (call on commit); inline if no broker."""
    if not task_send(RATING_UPDATE_TASK, tournament_id):
        try:
            rating_update(tournament_id)
        except Exception:
            logger.exception("ratings of tournament %s not updated", tournament_id)


def _unrated_games(tournament_id: int | None) -> list[int]:
    games = TableGame.objects.filter(
        status=GameStatus.FINISHED, table__round__released=True, rating_changes__isnull=True
    )
    if tournament_id is not None:
        games = games.filter(table__round__tournament_id=tournament_id)
    return list(games.order_by("finished_at", "pk").values_list("pk", flat=True).distinct())


def rate_game(game_id: int) -> bool:
    """Rate one finished game; returns whether it was rated now."""
    with transaction.atomic():
        if RatingChange.objects.filter(game_id=game_id).exists():
            return False
        results = list(
            SeatResult.objects.filter(game_id=game_id).select_related("entry").order_by("seat_id")
        )
        if len(results) < 2:
            return False
        players = [r.entry.player_id for r in results]
        for player_id in players:
            PlayerRating.objects.get_or_create(player_id=player_id)
        rows = {
            r.player_id: r
            for r in PlayerRating.objects.select_for_update().filter(player_id__in=players)
        }
        if RatingChange.objects.filter(game_id=game_id).exists():
            return False
        figures = [
            SeatFigures(
                player_id=r.entry.player_id,
                deals_played=r.deals_played,
                deals_lost=r.deals_lost,
                placka=r.placka,
                table_place=r.table_place,
                is_disqualified=r.is_disqualified,
            )
            for r in results
        ]
        ranks = finish_ranks(figures)
        before = [Skill(rows[p].mu, rows[p].sigma) for p in players]
        after = update(before, figures)
        changes = []
        for player_id, rank, old, new in zip(players, ranks, before, after, strict=True):
            row = rows[player_id]
            row.mu, row.sigma, row.games = new.mu, new.sigma, row.games + 1
            row.save(update_fields=["mu", "sigma", "games", "updated_at"])
            changes.append(
                RatingChange(
                    player_id=player_id,
                    game_id=game_id,
                    rank=rank,
                    mu_before=old.mu,
                    sigma_before=old.sigma,
                    mu=new.mu,
                    sigma=new.sigma,
                )
            )
        RatingChange.objects.bulk_create(changes)
    return True


def rating_update(tournament_id: int | None = None) -> int:
    """Rate every finished, released game not rated yet; returns how many were rated."""
    return sum(rate_game(game_id) for game_id in _unrated_games(tournament_id))


def rating_rebuild() -> int:
    """Forget every rating and rate all games again, oldest first."""
    with transaction.atomic():
        RatingChange.objects.all().delete()
        PlayerRating.objects.all().delete()
    return rating_update(None)
