"""Rating writes: rate a tournament's finished games of public rounds once each, and
withdraw the ratings of games whose round is held back again.

Games are rated in the order they finished.  Each game's update runs in its
own transaction with the players' rating rows locked, so two workers never
interleave two updates of one player; a game already rated is skipped, so a
repeated task does nothing.  Whether a round's results are public is
:mod:`tournaments.visibility`'s rule, as everywhere.  ``rating_rebuild`` rates
everything again from scratch (after a correction to a game already rated).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Count, Max, Min

from games.models import GameStatus, SeatResult, TableGame
from scwu.broker import task_send
from tournaments.visibility import public_results_q

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
        public_results_q("table__round__"),
        status=GameStatus.FINISHED,
        rating_changes__isnull=True,
    )
    if tournament_id is not None:
        games = games.filter(table__round__tournament_id=tournament_id)
    return list(games.order_by("finished_at", "pk").values_list("pk", flat=True).distinct())


def rate_game(game_id: int) -> bool:
    """Rate one finished game; returns whether it was rated now."""
    with transaction.atomic():
        if RatingChange.objects.filter(game_id=game_id).exists():
            return False
        if not TableGame.objects.filter(public_results_q("table__round__"), pk=game_id).exists():
            return False  # held back since it was listed: rated when released
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


def _hidden_rated_games(tournament_id: int | None) -> list[int]:
    """Rated games whose round's results are no longer public (held back again)."""
    games = TableGame.objects.filter(rating_changes__isnull=False).exclude(
        public_results_q("table__round__")
    )
    if tournament_id is not None:
        games = games.filter(table__round__tournament_id=tournament_id)
    return list(games.values_list("pk", flat=True).distinct())


def ratings_withdraw(game_ids: list[int]) -> int:
    """Withdraw the ratings of ``game_ids``; returns how many rating changes were undone.

    A rating is a chain: every game rated after one of these started from ratings it moved
    (its own players', and through them everyone they met later). So every change from the
    first of them on is undone, each player's rating goes back to their last change left
    standing, and :func:`rating_update` then rates the games still public again, in order.
    """
    with transaction.atomic():
        first = RatingChange.objects.filter(game_id__in=game_ids).aggregate(Min("pk"))["pk__min"]
        if first is None:
            return 0
        undone = RatingChange.objects.filter(pk__gte=first)
        players = set(undone.values_list("player_id", flat=True))
        rows = list(PlayerRating.objects.select_for_update().filter(player_id__in=players))
        count, _ = undone.delete()
        kept = {
            line["player_id"]: line
            for line in RatingChange.objects.filter(player_id__in=players)
            .values("player_id")
            .annotate(games=Count("pk"), last=Max("pk"))
        }
        last = RatingChange.objects.in_bulk([line["last"] for line in kept.values()])
        for row in rows:
            line = kept.get(row.player_id)
            if line is None:  # no rated game left: never rated, as far as anyone can tell
                row.delete()
                continue
            change = last[line["last"]]
            row.mu, row.sigma, row.games = change.mu, change.sigma, line["games"]
            row.save(update_fields=["mu", "sigma", "games", "updated_at"])
    logger.info("ratings of games %s withdrawn (%s changes undone)", game_ids, count)
    return int(count)


def rating_update(tournament_id: int | None = None) -> int:
    """Withdraw the ratings of games whose round was held back again, then rate every
    finished game of a public round not rated yet; returns how many were rated."""
    hidden = _hidden_rated_games(tournament_id)
    if hidden and ratings_withdraw(hidden):
        tournament_id = None  # the changes undone after them may be any tournament's
    return sum(rate_game(game_id) for game_id in _unrated_games(tournament_id))


def rating_rebuild() -> int:
    """Forget every rating and rate all games again, oldest first."""
    with transaction.atomic():
        RatingChange.objects.all().delete()
        PlayerRating.objects.all().delete()
    return rating_update(None)
