"""The federation and the two ways of running an event in the team events' test
(``tests/tournaments/test_team_events.py``): a director at the pages (the Django test client,
no browser) and a director and the clubs' captains at the API.

What is made beforehand is what a federation already holds: its clubs with their members and
elite rosters, the captains, its approved words, the categories with their ranking points for
players and for teams (set by an administrator through the points services), the season and
the series, and a director. Everything from the new tournament on goes through the pages or
the API.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from scwu.models import Club, EliteRoster, Player, PlayingWord
from tests.factories import (
    ClubFactory,
    CountryFactory,
    MembershipFactory,
    PlayerFactory,
    PlayingWordFactory,
    SeasonFactory,
    SeriesFactory,
    UserFactory,
)
from tournaments.models import Category, Season, Series
from tournaments.results.points import category_points_set, category_team_points_set

#: A step of an event the test takes itself (entering the teams, reading the standings).
Step = Callable[[Any], None]

#: A table of the worked example: its players in seat order A, B, ..., and the seat that lost
#: each deal, in order (the last completes the word: a basic round's game ends there).
Table = tuple[tuple[str, ...], str]


@dataclass(frozen=True)
class ClubSpec:
    """A club of the example: its short key, name, address, team name and three members."""

    key: str
    name: str
    slug: str
    team: str
    members: tuple[str, str, str]


@dataclass(frozen=True)
class EventSpec:
    """One event of the worked example, as the director enters and plays it."""

    name: str
    series: str
    category: str
    team_mode: str
    tables: tuple[Table, ...]
    final_losers: tuple[str, ...]
    #: The clubs (keys) that enter a team, each with its three members.
    teams: tuple[str, ...]

    @property
    def players(self) -> list[str]:
        return [name for players, _deals in self.tables for name in players]


@dataclass
class Federation:
    season: Season
    director: User
    clubs: dict[str, Club]
    captains: dict[str, User]
    players: dict[str, Player]
    basic_word: PlayingWord
    final_word: PlayingWord
    categories: dict[str, Category]
    series: dict[str, Series]


def federation_make(
    clubs: Sequence[ClubSpec],
    soloists: Sequence[str],
    points: Mapping[str, tuple[Mapping[int, int], Mapping[int, int]]],
    series: Mapping[str, tuple[str, bool]],
    *,
    basic_word: str,
    final_word: str,
) -> Federation:
    """The federation's data before the season's events: ``points`` by category name is
    (players' points by place, teams' points by place); ``series`` by name is (its
    category, whether team members come from the elite roster)."""
    cache.clear()  # results are cached by tournament id and version, which restart per test
    today = dt.date.today()
    season = SeasonFactory(year=today.year)
    country = CountryFactory()
    made: dict[str, Club] = {}
    captains: dict[str, User] = {}
    players: dict[str, Player] = {}
    for spec in clubs:
        club = ClubFactory(name=spec.name, slug=spec.slug, country=country)
        roster = EliteRoster.objects.create(club=club, season=season.year)
        for nickname in spec.members:
            player = PlayerFactory(nickname=nickname)
            MembershipFactory(player=player, club=club, start=dt.date(today.year, 1, 1))
            roster.players.add(player)
            players[nickname] = player
        captain = players[spec.members[0]]
        captain.user = UserFactory(username=f"captain-{spec.slug}")
        captain.save(update_fields=["user"])
        club.captain = captain
        club.save(update_fields=["captain"])
        captains[spec.key] = captain.user
        made[spec.key] = club
    for nickname in soloists:
        players[nickname] = PlayerFactory(nickname=nickname)
    categories: dict[str, Category] = {}
    administrator = UserFactory(username="administrator-teams", roles=["administrator"])
    for name, (players_points, team_points) in points.items():
        category = Category.objects.create(name=name, code=re.sub(r"\W+", "-", name.lower()))
        category_points_set(by=administrator, category=category, points=players_points)
        category_team_points_set(by=administrator, category=category, points=team_points)
        categories[name] = category
    made_series = {
        name: SeriesFactory(
            name=name,
            slug=re.sub(r"\W+", "-", name.lower()),
            default_category=categories[category],
            is_team_event=elite,
            teams_from_elite_roster=elite,
        )
        for name, (category, elite) in series.items()
    }
    return Federation(
        season=season,
        director=UserFactory(username="director-teams", roles=["director"]),
        clubs=made,
        captains=captains,
        players=players,
        basic_word=PlayingWordFactory(letters=basic_word, label=basic_word),
        final_word=PlayingWordFactory(letters=final_word, label=final_word),
        categories=categories,
        series=made_series,
    )


def _redirected(response: Any) -> str:
    assert response.status_code == 302, response.content.decode()[:2000]
    return str(response["Location"])


def _no_error(client: Client, response: Any) -> None:
    """A page's write redirects; the page it leads to must not carry an error message."""
    target = _redirected(response)
    errors = _errors(client.get(target).content.decode())
    assert not errors, errors


def _errors(html: str) -> list[str]:
    return re.findall(r'<li class="[^"]*error[^"]*"[^>]*>(.*?)</li>', html, re.S)


def _table_links(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'href="/games/tables/(\d+)/"', html)]


def _table_state(html: str) -> dict[str, Any]:
    match = re.search(
        r'<script id="table-state" type="application/json">(.*?)</script>', html, re.S
    )
    assert match, "the table page has no state"
    return dict(json.loads(match.group(1)))


class EventRun(ABC):
    """One event of the example played from the new tournament to its finish; the pages and
    the API each take every step their own way."""

    fed: Federation
    spec: EventSpec
    rule: str
    slug: str

    @abstractmethod
    def create(self) -> None:
        """The new tournament with the example's format and team settings."""

    @abstractmethod
    def status(self, status: str) -> None:
        """The tournament's status changed (confirmed where the site asks)."""

    @abstractmethod
    def register(self) -> None:
        """Every player checked in: the teams' members were entered with their teams, the
        others are registered here."""

    @abstractmethod
    def round(self, stage: str) -> int:
        """A new round of ``stage``; its key for the steps below."""

    @abstractmethod
    def site_draw(self, round_key: int) -> list[list[str]]:
        """The site draws the round at random (a draft): its tables' players."""

    @abstractmethod
    def manual_draw(self, round_key: int) -> None:
        """The example's seats entered as the director's draw, and published."""

    @abstractmethod
    def seeded_draw(self, round_key: int) -> None:
        """The final's table drawn by the site (seeded by the cut), and published."""

    @abstractmethod
    def tables(self, round_key: int) -> list[int]:
        """The round's tables (their ids) in order."""

    @abstractmethod
    def seats(self, table: int) -> dict[str, str]:
        """Seat by player at a table."""

    @abstractmethod
    def paper(self, table: int, seats: str) -> None:
        """The table's scoresheet typed in from paper: each deal's loser's seat."""

    @abstractmethod
    def finished(self, round_key: int) -> None:
        """A round whose every game has ended is finished by itself."""

    def play(
        self, enter_teams: Step, drawn: Callable[[list[list[str]]], None], after_basic: Step
    ) -> str:
        """The whole event, from the new tournament to its finish; its slug. The site's own
        draw of the basic round is shown to ``drawn``, then the example's seats replace it."""
        self.create()
        self.status("registration")
        enter_teams(self)
        self.register()
        self.status("running")
        basic = self.round("basic")
        drawn(self.site_draw(basic))
        self.manual_draw(basic)
        for table, (_players, deals) in zip(self.tables(basic), self.spec.tables, strict=True):
            self.paper(table, deals)
        self.finished(basic)
        after_basic(self)
        final = self.round("final")
        self.seeded_draw(final)
        [table] = self.tables(final)
        seat_of = self.seats(table)
        self.paper(table, "".join(seat_of[name] for name in self.spec.final_losers))
        self.finished(final)
        self.status("finished")
        return self.slug


@dataclass
class PagesRun(EventRun):
    """The director runs an event at the pages (``TournamentForm``, the desk, the rounds and
    round pages, the tables' paper entry)."""

    fed: Federation
    spec: EventSpec
    rule: str
    client: Client = field(default_factory=Client)
    slug: str = ""

    def __post_init__(self) -> None:
        self.client.force_login(self.fed.director)

    def create(self) -> None:
        today = dt.date.today().isoformat()
        series = self.fed.series[self.spec.series]
        form = {
            "season": self.fed.season.pk, "series": series.pk, "edition": 9,
            "name": self.spec.name, "category": self.fed.categories[self.spec.category].pk,
            "start_date": today, "end_date": today, "format": "event",
            "league_scoring": "placement_points", "league_points": "4-3-2-1",
            "basic_rounds": 1, "longer_word_rule": "off", "prefer_tables_of": 4,
            "final_size": 4, "small_final_size": 6, "sit_out_rule": "dealer",
            "rank_order": "standard", "tie_without_hejma": "last_trick",
            "early_end": "on", "final_last_places_by_success": "on",
            "team_mode": self.spec.team_mode, "team_size": 3, "team_rule": self.rule,
        }  # fmt: skip
        location = _redirected(self.client.post("/tournaments/new/", form))
        self.slug = location.strip("/").split("/")[-1]

    def status(self, status: str) -> None:
        _no_error(
            self.client,
            self.client.post(
                f"/tournaments/{self.slug}/status/", {"status": status, "confirm": "1"}
            ),
        )

    def register(self) -> None:
        """The desk on the day: the teams' members checked in, anyone else registered and
        checked in at once."""
        page = f"/tournaments/{self.slug}/entries/"
        html = self.client.get(page).content.decode()
        entered = {
            nickname: int(pk)
            for pk, nickname in re.findall(r'id="entry-(\d+)" data-player="([^"]+)"', html)
        }
        for nickname in self.spec.players:
            if nickname in entered:
                url = f"{page}{entered[nickname]}/check-in/"
                _redirected(self.client.post(url, {"checked_in": "1"}))
            else:
                player = self.fed.players[nickname]
                _redirected(self.client.post(page, {"player": player.pk, "check_in": "1"}))
        # The page shows every message the desk's writes left, errors included.
        html = self.client.get(page).content.decode()
        assert not _errors(html), _errors(html)
        count = len(self.spec.players)
        assert f"{count} of {count} checked in" in html

    def round(self, stage: str) -> int:
        """A new round of ``stage`` from the rounds page; its number."""
        word = self.fed.basic_word if stage == "basic" else self.fed.final_word
        location = _redirected(
            self.client.post(f"/tournaments/{self.slug}/rounds/", {"word": word.pk, "stage": stage})
        )
        return int(location.rstrip("/").split("/")[-2])

    def site_draw(self, number: int) -> list[list[str]]:
        url = f"/tournaments/{self.slug}/rounds/{number}/"
        _no_error(self.client, self.client.post(url + "draw/", {"method": "random", "seed": 7}))
        page = self.client.get(url + "manage/").content.decode()
        return [
            re.findall(r'<span class="pos">[A-F]</span><span>([^<]+?)(?: <|</span>)', table)
            for table in page.split('class="card draw-table"')[1:]
        ]

    def manual_draw(self, number: int) -> None:
        lines = "\n".join(", ".join(players) for players, _deals in self.spec.tables)
        url = f"/tournaments/{self.slug}/rounds/{number}/"
        _no_error(self.client, self.client.post(url + "draw/manual/", {"tables": lines}))
        _no_error(self.client, self.client.post(url + "publish/"))

    def seeded_draw(self, number: int) -> None:
        url = f"/tournaments/{self.slug}/rounds/{number}/"
        _no_error(
            self.client, self.client.post(url + "draw/", {"method": "seeded_final", "seed": 1})
        )
        _no_error(self.client, self.client.post(url + "publish/"))

    def tables(self, number: int) -> list[int]:
        """The round's tables in order, by the public table list's links."""
        html = self.client.get(f"/tournaments/{self.slug}/rounds/{number}/").content.decode()
        return list(dict.fromkeys(_table_links(html)))

    def paper(self, table: int, seats: str) -> None:
        """The table's scoresheet typed in from paper: one line per deal, its loser's seat."""
        response = self.client.post(
            f"/games/tables/{table}/paper/", {"first_number": 1, "rows": "\n".join(seats)}
        )
        _redirected(response)

    def seats(self, table: int) -> dict[str, str]:
        """Seat by player at a table, as its page has it."""
        state = _table_state(self.client.get(f"/games/tables/{table}/").content.decode())
        return {seat["player"]: seat["seat"] for seat in state["seats"]}

    def finished(self, number: int) -> None:
        """A round whose every game has ended is finished by itself."""
        html = self.client.get(f"/tournaments/{self.slug}/rounds/").content.decode()
        rows = re.findall(r"<tr><td>[^<]* (\d+)</td>.*?badge (\w+)", html, re.S)
        assert (str(number), "finished") in rows, rows


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, (response.status_code, response.content[:2000])
    return response.json() if response.content else None


@dataclass
class ApiRun(EventRun):
    """The director (and the captains, for their teams) run an event at the API."""

    fed: Federation
    spec: EventSpec
    rule: str
    api: APIClient = field(default_factory=APIClient)
    slug: str = ""
    entries: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.api.force_authenticate(self.fed.director)

    def create(self) -> None:
        today = dt.date.today().isoformat()
        body = {
            "name": self.spec.name, "season": self.fed.season.year,
            "series": self.fed.series[self.spec.series].slug,
            "category": self.fed.categories[self.spec.category].pk,
            "start_date": today, "end_date": today, "basic_rounds": 1, "final_size": 4,
            "longer_word_rule": "off", "sit_out_rule": "dealer",
            "team_mode": self.spec.team_mode, "team_size": 3, "team_rule": self.rule,
        }  # fmt: skip
        self.slug = _ok(self.api.post("/api/tournaments/create/", body, format="json"), 201)["slug"]
        return self.slug

    def status(self, status: str) -> None:
        answer = self.api.post(
            f"/api/tournaments/{self.slug}/status/",
            {"status": status, "confirm": True},
            format="json",
        )
        assert _ok(answer)["status"] == status

    def register(self) -> None:
        teams = _ok(self.api.get(f"/api/tournaments/{self.slug}/teams/"))
        self.entries = {m["nickname"]: m["entry"] for team in teams for m in team["members"]}
        for nickname in self.spec.players:
            if nickname not in self.entries:
                made = self.api.post(
                    f"/api/tournaments/{self.slug}/entries/",
                    {"player": self.fed.players[nickname].pk},
                    format="json",
                )
                self.entries[nickname] = _ok(made, 201)["id"]
            checked = self.api.post(
                f"/api/entries/{self.entries[nickname]}/check-in/", {}, format="json"
            )
            assert _ok(checked)["status"] == "checked_in"

    def round(self, stage: str) -> int:
        word = self.fed.basic_word if stage == "basic" else self.fed.final_word
        made = self.api.post(
            f"/api/tournaments/{self.slug}/rounds/",
            {"word": word.pk, "stage": stage},
            format="json",
        )
        return int(_ok(made, 201)["id"])

    def site_draw(self, round_id: int) -> list[list[str]]:
        drawn = self.api.post(
            f"/api/rounds/{round_id}/draw/", {"method": "random", "seed": 7}, format="json"
        )
        _ok(drawn, 202)
        tables = _ok(self.api.get(f"/api/rounds/{round_id}/"))["tables"]
        return [[seat["player"] for seat in table["seats"]] for table in tables]

    def manual_draw(self, round_id: int) -> None:
        tables = [[self.entries[name] for name in players] for players, _ in self.spec.tables]
        _ok(
            self.api.post(f"/api/rounds/{round_id}/draw/manual/", {"tables": tables}, format="json")
        )
        _ok(self.api.post(f"/api/rounds/{round_id}/publish/", {}, format="json"))

    def seeded_draw(self, round_id: int) -> None:
        started = self.api.post(
            f"/api/rounds/{round_id}/draw/",
            {"method": "seeded_final", "seed": 1},
            format="json",
        )
        _ok(started, 202)
        _ok(self.api.post(f"/api/rounds/{round_id}/publish/", {}, format="json"))

    def tables(self, round_id: int) -> list[int]:
        tables = _ok(self.api.get(f"/api/rounds/{round_id}/"))["tables"]
        return [table["id"] for table in sorted(tables, key=lambda table: table["number"])]

    def seats(self, table: int) -> dict[str, str]:
        state = _ok(self.api.get(f"/api/games/tables/{table}/"))
        return {seat["player"]: seat["seat"] for seat in state["seats"]}

    def paper(self, table: int, seats: str) -> None:
        rows = [{"losers": [seat]} for seat in seats]
        _ok(
            self.api.post(
                f"/api/games/tables/{table}/paper/",
                {"first_number": 1, "rows": rows},
                format="json",
            ),
            201,
        )

    def finished(self, round_id: int) -> None:
        """A round whose every game has ended is finished by itself."""
        assert _ok(self.api.get(f"/api/rounds/{round_id}/"))["status"] == "finished"
