"""A hand-computed season: two finished tournaments count, a running one and another
season's do not.

Classic pays 100-80-60-50, Major 200-150-100-80-60. Clubs: Vinohrady (Ada, Bob),
Karlin (Cyril, Dana); Emil plays without a club and as a non-scoring substitute.

| player | Classic (finished) | Major (finished) | Running cup | total |
|--------|--------------------|------------------|-------------|-------|
| Ada    | 1. 100             | 2. 150           |             | 250   |
| Bob    | 2.= 70             | 4. 80            | 1. 100      | 150   |
| Cyril  | 2.= 70             | 1. 200           |             | 270   |
| Dana   | 4. 50              | 3. 100           |             | 150   |
| Emil   | substitute         |                  |             |       |

Season 2026: 1. Cyril 270, 2. Ada 250, 3. Dana 150 (best single result 100),
4. Bob 150 (best 80). Clubs: 1. Karlin 420 (best 300), 2. Vinohrady 400 (best 230).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest

from scwu.models import Club, Player
from tests.factories import ClubFactory, PlayerFactory, SeasonFactory
from tests.rankings.factories import (
    FinishedTournamentFactory,
    category_create,
    placings_create,
)
from tournaments.models import Season, Tournament, TournamentStatus


@dataclass
class SeasonSetup:
    season: Season
    classic: Tournament
    major: Tournament
    running: Tournament
    players: dict[str, Player]
    clubs: dict[str, Club]


@pytest.fixture
def season_2026(db: None) -> SeasonSetup:
    season = SeasonFactory(year=2026)
    classic_points = category_create("classic", [100, 80, 60, 50])
    major_points = category_create("major", [200, 150, 100, 80, 60])
    players: dict[str, Player] = {
        name: PlayerFactory(nickname=name) for name in ["Ada", "Bob", "Cyril", "Dana", "Emil"]
    }
    clubs = {
        "vinohrady": ClubFactory(name="Royal SCC Vinohrady", slug="vinohrady"),
        "karlin": ClubFactory(name="SCC Karlin", slug="karlin"),
    }
    club_of = {
        players["Ada"].pk: clubs["vinohrady"],
        players["Bob"].pk: clubs["vinohrady"],
        players["Cyril"].pk: clubs["karlin"],
        players["Dana"].pk: clubs["karlin"],
    }
    p = players
    classic = FinishedTournamentFactory(
        season=season,
        category=classic_points,
        name="Classic Brno",
        start_date=dt.date(2026, 3, 1),
        end_date=dt.date(2026, 3, 1),
    )
    placings_create(
        classic,
        [(p["Ada"], 1), (p["Bob"], 2), (p["Cyril"], 2), (p["Dana"], 4), (p["Emil"], None)],
        clubs=club_of,
    )
    major = FinishedTournamentFactory(
        season=season,
        category=major_points,
        name="Major Praha",
        start_date=dt.date(2026, 6, 1),
        end_date=dt.date(2026, 6, 1),
    )
    placings_create(
        major,
        [(p["Cyril"], 1), (p["Ada"], 2), (p["Dana"], 3), (p["Bob"], 4)],
        clubs=club_of,
        deals_played=30,
        deals_lost=10,
    )
    running = FinishedTournamentFactory(
        season=season,
        category=classic_points,
        name="Running Cup",
        status=TournamentStatus.RUNNING,
        start_date=dt.date(2026, 9, 1),
        end_date=dt.date(2026, 9, 1),
    )
    placings_create(running, [(p["Bob"], 1)], clubs=club_of)
    other_season = FinishedTournamentFactory(
        season=SeasonFactory(year=2025),
        category=classic_points,
        name="Classic 2025",
        start_date=dt.date(2025, 3, 1),
        end_date=dt.date(2025, 3, 1),
    )
    placings_create(other_season, [(p["Dana"], 1)], clubs=club_of)
    return SeasonSetup(season, classic, major, running, players, clubs)
