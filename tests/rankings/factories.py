"""Factories of the rankings tests: categories with points, placings, finished games."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import factory

from games.models import TableGame
from games.models.results import SeatResult
from scwu.models import Club, Player
from tests.factories import (
    EntryFactory,
    PlayerFactory,
    PlayingWordFactory,
    SeasonFactory,
    TournamentFactory,
)
from tournaments.models import (
    Category,
    CategoryPoints,
    Entry,
    Placing,
    PlacingStage,
    Round,
    RoundStatus,
    Table,
    TableSeat,
    Tournament,
    TournamentStatus,
)
from tournaments.rankings.adapters import decimal_from_fraction
from tournaments.standings import PointsTable


class FinishedTournamentFactory(TournamentFactory):
    status = TournamentStatus.FINISHED


def category_create(code: str, points: list[int]) -> Category:
    """A category whose places 1, 2, ... earn ``points``."""
    category = Category.objects.create(name=code.title(), code=code)
    CategoryPoints.objects.bulk_create(
        CategoryPoints(category=category, place=place, points=value)
        for place, value in enumerate(points, start=1)
    )
    return category


def category_table(category: Category) -> PointsTable:
    return PointsTable(category.code, {p.place: p.points for p in category.points.all()})


class PlacingFactory(factory.django.DjangoModelFactory[Placing]):
    class Meta:
        model = Placing

    tournament = factory.SubFactory(FinishedTournamentFactory)
    player = factory.SubFactory(PlayerFactory)
    club = None
    entry = factory.SubFactory(
        EntryFactory,
        tournament=factory.SelfAttribute("..tournament"),
        player=factory.SelfAttribute("..player"),
        club=factory.SelfAttribute("..club"),
    )
    place = 1
    stage = PlacingStage.BASIC_ROUNDS
    points = Decimal("0")
    deals_played = 20
    deals_lost = 5


def placings_create(
    tournament: Tournament,
    lines: list[tuple[Player, int | None]],
    *,
    clubs: dict[int, Club] | None = None,
    **kwargs: Any,
) -> list[Placing]:
    """A tournament's classification: ``(player, place)`` lines, ranking points from the
    tournament's category the way the results compute awards them (shared places split)."""
    table = category_table(tournament.category) if tournament.category else None
    sharers: dict[int, int] = {}
    for _, place in lines:
        if place is not None:
            sharers[place] = sharers.get(place, 0) + 1
    placings = []
    for player, place in lines:
        points: Fraction | None = None
        if place is not None and table is not None:
            points = table.for_shared(place, sharers[place])
        placings.append(
            PlacingFactory(
                tournament=tournament,
                player=player,
                club=(clubs or {}).get(player.pk),
                place=place,
                is_shared=place is not None and sharers[place] > 1,
                points=decimal_from_fraction(points) if points is not None else None,
                **kwargs,
            )
        )
    return placings


def round_create(tournament: Tournament, number: int, **kwargs: Any) -> Round:
    defaults: dict[str, Any] = {"status": RoundStatus.FINISHED, "word": PlayingWordFactory()}
    defaults.update(kwargs)
    return Round.objects.create(tournament=tournament, number=number, **defaults)


def game_create(
    round_: Round, seats: list[tuple[Player, str, bool]], *, finished: bool = True
) -> list[SeatResult]:
    """A game at a new table of ``round_``: per seat the player, its deal outcomes
    (``L`` lost, ``W`` not lost, in order) and whether it took the placka."""
    table = Table.objects.create(round=round_, number=round_.tables.count() + 1)
    game = TableGame.objects.create(
        table=table,
        word_label="TONDA",
        word_letters="TONDA",
        seats=max(4, len(seats)),  # the other seats need no result here
        placka_mode="until_first_placka",
        sit_out_rule="dealer",
        status="finished" if finished else "running",
    )
    results = []
    for position, (player, outcomes, placka) in zip("ABCDEF", seats, strict=False):
        entry, _ = Entry.objects.get_or_create(tournament=round_.tournament, player=player)
        seat = TableSeat.objects.create(table=table, position=position, entry=entry)
        results.append(
            SeatResult.objects.create(
                game=game,
                seat=seat,
                entry=entry,
                round=round_,
                deals_played=len(outcomes),
                deals_lost=outcomes.count("L"),
                letters=outcomes.count("L"),
                placka=placka,
                outcomes=outcomes,
                game_finished=finished,
            )
        )
    return results


__all__ = [
    "FinishedTournamentFactory",
    "PlacingFactory",
    "SeasonFactory",
    "category_create",
    "category_table",
    "game_create",
    "placings_create",
    "round_create",
]
