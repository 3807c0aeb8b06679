"""The draw balanced by rating: pure generator, then through the draw service."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.factories import EntryFactory, RoundFactory
from tests.tournaments.conftest import tournament  # noqa: F401 (fixture)
from tournaments.models import Tournament
from tournaments.pairing import DrawRequest, Entrant, Method, PastRound, draw_make
from tournaments.rating.models import PlayerRating
from tournaments.services import draw as draw_service


def spread(tables: Sequence[Sequence[int]], rating: dict[int, float]) -> float:
    sums = [sum(rating[p] for p in t) for t in tables]
    return max(sums) - min(sums)


def test_rating_draw_balances_the_tables_and_beats_the_random_draw() -> None:
    rating = {i: 10.0 + 2.0 * i for i in range(1, 17)}
    entrants = tuple(Entrant(i, rating=rating[i]) for i in range(1, 17))
    balanced = draw_make(DrawRequest(1, entrants, seed=4, method=Method.RATING))
    random = draw_make(DrawRequest(1, entrants, seed=4, method=Method.RANDOM))
    # ideal: every table sums to 4 * 27 = 108; the sums of 1..16 allow exact balance
    assert spread(balanced.tables, rating) <= 4.0
    assert spread(balanced.tables, rating) < spread(random.tables, rating)


def test_rating_draw_still_avoids_repeats_first() -> None:
    rating = {i: float(i) for i in range(1, 17)}
    entrants = tuple(Entrant(i, rating=rating[i]) for i in range(1, 17))
    first = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16))
    history = (PastRound(1, first),)
    second = draw_make(DrawRequest(2, entrants, history=history, seed=1, method=Method.RATING))
    assert second.report.repeats == ()


def test_unrated_players_count_as_the_mean() -> None:
    entrants = tuple(Entrant(i, rating=None if i > 8 else float(i)) for i in range(1, 13))
    result = draw_make(DrawRequest(1, entrants, seed=2, method=Method.RATING))
    assert sorted(p for t in result.tables for p in t) == list(range(1, 13))


@pytest.mark.django_db
def test_director_can_ask_for_a_draw_balanced_by_rating(
    django_capture_on_commit_callbacks: Any,
    director: User,
    tournament: Tournament,  # noqa: F811
) -> None:
    people = [EntryFactory(tournament=tournament) for _ in range(8)]
    for i, entry in enumerate(people):
        PlayerRating.objects.create(player=entry.player, mu=10.0 + 5 * i, sigma=2.0, games=5)
    round_ = RoundFactory(tournament=tournament, number=1, draw_method="rating")
    with django_capture_on_commit_callbacks(execute=True):
        draw_service.round_draw_start(by=director, round=round_, seed=5)
    round_.refresh_from_db()
    mu = {e.pk: 10.0 + 5 * i for i, e in enumerate(people)}
    tables = [[s.entry_id for s in t.seats.all()] for t in round_.tables.all()]
    assert sorted(len(t) for t in tables) == [4, 4]
    # best and worst together, as evenly as eight players allow (sums 90 and 90)
    assert spread(tables, mu) == 0.0
