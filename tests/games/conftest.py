"""Fixtures of the scorekeeping tests: a running round with one table, its seated players,
and the people who may (and may not) write at it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from games import selectors, services
from scwu.models import PlayingWord
from tests.factories import CommissionMemberFactory, PlayerFactory, PlayingWordFactory, UserFactory
from tournaments.models import (
    Entry,
    Round,
    RoundStatus,
    Season,
    Series,
    Table,
    TableSeat,
    Tournament,
)

_counter = {"n": 0}


def _next() -> int:
    _counter["n"] += 1
    return _counter["n"]


def make_tournament(**kwargs: Any) -> Tournament:
    n = _next()
    season, _ = Season.objects.get_or_create(year=2025)
    series, _ = Series.objects.get_or_create(name="Classic", slug="classic")
    defaults: dict[str, Any] = {
        "season": season,
        "series": series,
        "name": f"Test Cup {n}",
        "slug": f"test-cup-{n}",
        "start_date": dt.date(2025, 5, 1),
        "end_date": dt.date(2025, 5, 2),
        "status": "running",
    }
    defaults.update(kwargs)
    return Tournament.objects.create(**defaults)


def make_round(
    tournament: Tournament, *, word: str | PlayingWord = "TONDA", **kwargs: Any
) -> Round:
    defaults: dict[str, Any] = {
        "number": tournament.rounds.count() + 1,
        "word": PlayingWordFactory(letters=word, label=word) if isinstance(word, str) else word,
        "status": RoundStatus.PUBLISHED,
    }
    defaults.update(kwargs)
    return Round.objects.create(tournament=tournament, **defaults)


def make_table(round: Round, *, seats: int = 4, line_judge: User | None = None) -> Table:
    table = Table.objects.create(
        round=round, number=round.tables.count() + 1, line_judge=line_judge
    )
    for position in "ABCDEF"[:seats]:
        player = PlayerFactory()
        entry, _ = Entry.objects.get_or_create(tournament=round.tournament, player=player)
        TableSeat.objects.create(table=table, position=position, entry=entry)
    return table


@dataclass
class Setup:
    tournament: Tournament
    round: Round
    table: Table
    judge: User
    head_referee: User
    director: User
    commission: User
    outsider: User

    def seated_user(self, position: str) -> User:
        seat = self.table.seats.select_related("entry__player").get(position=position)
        user = UserFactory()
        seat.entry.player.user = user
        seat.entry.player.save()
        return user

    def state(self) -> dict[str, Any]:
        return selectors.table_state(self.table)

    def words(self) -> dict[str, str]:
        return {s["seat"]: s["word_so_far"] for s in self.state()["seats"]}

    def lose(self, *seats: str) -> None:
        for seat in seats:
            services.deal_record(by=self.judge, table=self.table, losers=[seat])


def make_setup(*, seats: int = 4, word: str = "TONDA", **round_kwargs: Any) -> Setup:
    judge = UserFactory()
    head = UserFactory()
    director = UserFactory(roles=["director"])
    commission = CommissionMemberFactory().user
    tournament = make_tournament(head_referee=head)
    tournament.directors.add(director)
    round = make_round(tournament, word=word, **round_kwargs)
    table = make_table(round, seats=seats, line_judge=judge)
    return Setup(tournament, round, table, judge, head, director, commission, UserFactory())


@pytest.fixture
def setup(db: None) -> Setup:
    return make_setup()


def make_played(losers: str = "AB") -> Setup:
    """A table with a deal lost by each of ``losers`` in turn, recorded by its line judge, on
    an emptied cache (so what a test finds kept, the test's own requests kept)."""
    cache.clear()
    played = make_setup()
    for loser in losers:
        services.deal_record(by=played.judge, table=played.table, losers=[loser])
    return played


def signed_in(user: User) -> Client:
    """A test client signed in as ``user``."""
    client = Client()
    client.force_login(user)
    return client


def orders_through_tournament(sql: str) -> bool:
    """Whether a query on another table orders by the tournament's columns: the models'
    default orderings follow table, round and tournament, joining all three to sort."""
    return 'ORDER BY "tournaments_tournament"' in sql and 'FROM "tournaments_tournament"' not in sql
