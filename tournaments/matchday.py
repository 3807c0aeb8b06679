"""Match-day selectors: what is live now at a tournament, and the tables a judge or referee
works at. Reads only; the pages that use them are in ``tournaments/views/matchday.py``."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, Q, QuerySet

from scwu.models import Player
from scwu.roles import AnyUser, Role, has_role
from tournaments.models import Round, RoundStatus, Table, TableSeat, Tournament, TournamentStatus
from tournaments.visibility import public_draw_q


def _tables(rounds: QuerySet[Round]) -> QuerySet[Round]:
    seats = TableSeat.objects.select_related("entry__player").order_by("position")
    tables = Table.objects.select_related("game").prefetch_related(
        Prefetch("seats", queryset=seats)
    )
    return rounds.select_related("word", "tournament").prefetch_related(
        Prefetch("tables", queryset=tables.order_by("number"))
    )


def round_live_list(tournament: Tournament) -> QuerySet[Round]:
    """The rounds being played now: published and not finished, with their tables and seats.

    A small final played while the final runs makes two live rounds at once.
    """
    live = Round.objects.filter(tournament=tournament, status=RoundStatus.PUBLISHED)
    return _tables(live).order_by("number")


def table_is_finished(table: Table) -> bool:
    game: Any = getattr(table, "game", None)
    return game is not None and game.status == "finished"


def table_list_for_user(user: AnyUser | None) -> list[Table]:
    """The tables in play that ``user`` plays at, judges or referees.

    A player (an account linked to a registry player) sees the tables they are seated at; a
    line judge the tables assigned to them; a tournament's head referee, its listed line
    judges and its directors see every table of its published rounds; an administrator sees
    every table in play. Tables of running tournaments only, in the order a referee walks them.
    """
    if user is None or not user.is_authenticated:
        return []
    in_play = Table.objects.filter(
        round__status=RoundStatus.PUBLISHED, round__tournament__status=TournamentStatus.RUNNING
    )
    if not has_role(user, Role.ADMINISTRATOR):
        in_play = in_play.filter(
            Q(line_judge=user)
            | Q(seats__entry__player__user=user)
            | Q(round__tournament__head_referee=user)
            | Q(round__tournament__line_judges=user)
            | Q(round__tournament__directors=user)
        )
    seats = TableSeat.objects.select_related("entry__player").order_by("position")
    return list(
        in_play.distinct()
        .select_related("round__tournament", "round__word", "game", "line_judge")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by(
            "round__tournament__start_date", "round__tournament__name", "round__number", "number"
        )
    )


def seat_list_for_player(player: Player) -> list[TableSeat]:
    """``player``'s seats in the running tournaments, round by round: published draws only
    (a draft is seen by its directors, never announced to the players)."""
    return list(
        TableSeat.objects.filter(
            entry__player=player,
            table__round__tournament__status=TournamentStatus.RUNNING,
        )
        .filter(public_draw_q("table__round__"))
        .select_related("table__round__tournament", "table__round__word", "table__game")
        .order_by(
            "table__round__tournament__start_date",
            "table__round__tournament__name",
            "table__round__number",
        )
    )
