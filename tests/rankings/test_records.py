"""Records from placings and released games: titles, success rate, first letter, placka."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scwu.models import Player
from tests.factories import PlayerFactory
from tests.rankings.factories import (
    FinishedTournamentFactory,
    PlacingFactory,
    game_create,
    round_create,
)
from tournaments.models import RoundStatus, TournamentStatus
from tournaments.rankings.records import RecordTable, records_compute, records_held


@dataclass
class Players:
    ada: Player
    bob: Player
    cyril: Player
    dana: Player


@pytest.fixture
def players(db: None) -> Players:
    return Players(*(PlayerFactory(nickname=n) for n in ["Ada", "Bob", "Cyril", "Dana"]))


@pytest.fixture
def games(players: Players) -> None:
    tournament = FinishedTournamentFactory(name="Classic Brno")
    released = round_create(tournament, 1)
    game_create(
        released,
        [
            (players.ada, "WWLWL", False),  # first letter at deal 3; 3/5 = 60 %
            (players.bob, "LLLLL", True),  # the word in five deals
            (players.cyril, "WWWWL", False),  # first letter at deal 5; 80 %
            (players.dana, "WLWWW", False),  # 80 %
        ],
    )
    # A silent round, an unpublished one and an unfinished game must not count.
    silent = round_create(tournament, 2, released=False)
    game_create(silent, [(players.ada, "WWWWWWWWWL", False), (players.bob, "LLL", True)])
    draft = round_create(tournament, 3, status=RoundStatus.DRAFT)
    game_create(draft, [(players.ada, "WWWWWWWWWL", False)])
    running = round_create(tournament, 4, status=RoundStatus.PUBLISHED)
    game_create(running, [(players.ada, "WWWWWWWWWL", False)], finished=False)


def _table(key: str, min_deals: int = 5) -> RecordTable:
    return next(t for t in records_compute(min_deals=min_deals) if t.key == key)


def _lines(key: str, min_deals: int = 5) -> list[tuple[int, bool, str, str]]:
    return [
        (line.place, line.is_shared, line.player.nickname, line.value)
        for line in _table(key, min_deals).lines
    ]


def test_most_titles_counts_wins_of_finished_tournaments(players: Players) -> None:
    for _ in range(2):
        PlacingFactory(player=players.ada, place=1)
    PlacingFactory(player=players.bob, place=1)
    PlacingFactory(player=players.cyril, place=1, is_shared=True)
    running = FinishedTournamentFactory(status=TournamentStatus.RUNNING)
    PlacingFactory(tournament=running, player=players.cyril, place=1)

    assert _lines("most_titles") == [
        (1, False, "Ada", "2"),
        (2, True, "Bob", "1"),
        (2, True, "Cyril", "1"),
    ]


def _career_placings(players: Players) -> None:
    """The tournament figures (placings) of the games above: the records read these."""
    for player, played, lost in [
        (players.ada, 5, 2),
        (players.bob, 5, 5),
        (players.cyril, 5, 1),
        (players.dana, 5, 1),
    ]:
        PlacingFactory(player=player, place=2, deals_played=played, deals_lost=lost)


@pytest.mark.usefixtures("games")
def test_best_success_rate_needs_the_minimum_of_deals(players: Players) -> None:
    _career_placings(players)
    assert _lines("best_success_rate", min_deals=5) == [
        (1, True, "Cyril", "80.0 %"),
        (1, True, "Dana", "80.0 %"),
        (3, False, "Ada", "60.0 %"),
        (4, False, "Bob", "0.0 %"),
    ]
    assert _lines("best_success_rate", min_deals=6) == []


@pytest.mark.usefixtures("games")
def test_latest_first_letter_counts_released_finished_games_only(players: Players) -> None:
    lines = _table("latest_first_letter").lines

    assert [(line.player.nickname, line.value, line.round_number) for line in lines] == [
        ("Cyril", "5", 1),
        ("Ada", "3", 1),
        ("Dana", "2", 1),
        ("Bob", "1", 1),
    ]
    assert lines[0].tournament is not None and lines[0].tournament.name == "Classic Brno"


@pytest.mark.usefixtures("games")
def test_fastest_placka_is_the_fewest_deals_to_the_word(players: Players) -> None:
    # Bob's three-deal placka was in the silent round: not public, not a record.
    assert _lines("fastest_placka") == [(1, False, "Bob", "5")]


@pytest.mark.usefixtures("games")
def test_records_held_lists_first_places_only(players: Players) -> None:
    _career_placings(players)
    tables = records_compute(min_deals=5)

    assert {t.key for t, _ in records_held(players.cyril, tables)} == {
        "best_success_rate",
        "latest_first_letter",
    }
    assert {t.key for t, _ in records_held(players.bob, tables)} == {"fastest_placka"}
    assert records_held(players.ada, tables) == []


def test_player_chart_labels_its_x_axis_with_years_and_localises_rates() -> None:
    from fractions import Fraction

    from django.utils import translation

    from tournaments.rankings.chart import RatePoint, success_rate_chart

    points = [
        RatePoint("Spring", Fraction(1, 2), Fraction(1, 2), tick="2025"),
        RatePoint("Autumn", Fraction(3, 4), Fraction(5, 8), tick="2025"),
        RatePoint("Open", Fraction(1, 3), Fraction(1, 2), tick="2026"),
    ]
    with translation.override("cs"):
        svg = str(success_rate_chart(points))
    assert svg.count(">2025</text>") == 1 and svg.count(">2026</text>") == 1
    assert "Autumn: 75,0 %" in svg
