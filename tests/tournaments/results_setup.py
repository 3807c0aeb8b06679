"""A small results scene shared by the results page, API and export tests: one running
tournament, round 1 with one table of four (LUMIR, KAREL, ONDRA, PEPA at A-D), clubs and
countries, and helpers to record deals and to hold a round back."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from games import services
from tests.factories import ClubFactory, CountryFactory, PlayerFactory, UserFactory
from tests.games.conftest import Setup, make_round, make_setup, make_table
from tournaments.models import Entry, Round, Table
from tournaments.results.services import round_hold

NAMES = {"A": "LUMIR", "B": "KAREL", "C": "ONDRA", "D": "PEPA"}


@dataclass
class Scene:
    setup: Setup

    @property
    def slug(self) -> str:
        return self.setup.tournament.slug

    @property
    def director(self) -> User:
        return self.setup.director

    def lose(self, *seats: str, table: Table | None = None) -> None:
        for seat in seats:
            services.deal_record(
                by=self.setup.judge, table=table or self.setup.table, losers=[seat]
            )

    def second_round(self) -> tuple[Round, Table]:
        round_ = make_round(self.setup.tournament, word="TONDA")
        return round_, make_table(round_, line_judge=self.setup.judge)

    def second_table(self) -> Table:
        """Another table of four new players in round 1."""
        return make_table(self.setup.round, line_judge=self.setup.judge)

    def hold(self, round_: Round) -> None:
        round_hold(by=self.director, round_=round_)

    def client_for(self, user: User | None) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    def add_entry(self, nickname: str, **fields: object) -> Entry:
        player = PlayerFactory(nickname=nickname)
        return Entry.objects.create(tournament=self.setup.tournament, player=player, **fields)


def make_scene() -> Scene:
    # Results are cached by tournament id and version; both restart with every test's
    # database, so a previous test's entry must not answer for this one.
    cache.clear()
    setup = make_setup()
    club = ClubFactory(name="Royal SCC Vinohrady", country=CountryFactory())
    for seat in setup.table.seats.select_related("entry__player"):
        player = seat.entry.player
        player.nickname = NAMES[seat.position]
        player.save()
        seat.entry.club = club
        seat.entry.save(update_fields=["club"])
    return Scene(setup)


def outsider() -> User:
    return UserFactory()
