"""A tournament whose deals are recorded through the scorekeeping services, so the
results are read exactly as the site reads them (seat results written by ``write_done``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from games import services
from tests.factories import ClubFactory, PlayerFactory, PlayingWordFactory, UserFactory
from tests.games.conftest import make_tournament
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundStage,
    RoundStatus,
    Table,
    TableSeat,
    Tournament,
)


@dataclass
class Event:
    """A tournament with named players (``p["a"]`` is the entry of player a)."""

    tournament: Tournament
    director: User
    judge: User
    p: dict[str, Entry] = field(default_factory=dict)

    def pid(self, name: str) -> int:
        return self.p[name].player_id

    def round(
        self, *tables: str, stage: str = RoundStage.BASIC, word: str = "TONDA", **kw: Any
    ) -> Round:
        """A published round; each table is a string of player names in seat order A, B..."""
        number = self.tournament.rounds.count() + 1
        round_ = Round.objects.create(
            tournament=self.tournament,
            number=number,
            stage=stage,
            word=PlayingWordFactory(letters=word, label=word),
            status=RoundStatus.PUBLISHED,
            **kw,
        )
        for n, names in enumerate(tables, start=1):
            table = Table.objects.create(round=round_, number=n, line_judge=self.judge)
            for position, name in zip("ABCDEF", names, strict=False):
                TableSeat.objects.create(table=table, position=position, entry=self.p[name])
        return round_

    def play(self, round_: Round, table_number: int, losers: Sequence[str]) -> None:
        """Record deals: each item is the losing player's name."""
        table = round_.tables.get(number=table_number)
        where = {s.entry.player_id: s.position for s in table.seats.select_related("entry")}
        for name in losers:
            services.deal_record(by=self.judge, table=table, losers=[where[self.pid(name)]])

    def play_points(
        self, round_: Round, table_number: int, deals: Sequence[dict[str, int]]
    ) -> None:
        """Record deals by every seat's points, given by player name."""
        table = round_.tables.get(number=table_number)
        where = {s.entry.player_id: s.position for s in table.seats.select_related("entry")}
        for points in deals:
            services.deal_record(
                by=self.judge,
                table=table,
                points={where[self.pid(name)]: value for name, value in points.items()},
            )

    def misdeal(self, round_: Round, table_number: int) -> None:
        services.misdeal_record(by=self.judge, table=round_.tables.get(number=table_number))


def make_event(names: str, **tournament_kwargs: Any) -> Event:
    """A running tournament with one checked-in entry per letter of ``names``."""
    tournament = make_tournament(**tournament_kwargs)
    n = tournament.pk
    director = UserFactory(roles=["director"])
    tournament.directors.add(director)
    event = Event(tournament, director, UserFactory())
    club = ClubFactory(name="Royal SCC Vinohrady")
    for name in names:
        player = PlayerFactory(nickname=name.upper() + f"-{n}")
        event.p[name] = Entry.objects.create(
            tournament=tournament, player=player, club=club, status=EntryStatus.CHECKED_IN
        )
    return event


@pytest.fixture(autouse=True)
def _clear_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()
