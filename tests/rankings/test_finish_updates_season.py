"""Finishing a tournament puts its placings into the season ranking at once."""

from __future__ import annotations

from typing import Any

import pytest

from scwu.models import Player
from tests.factories import PlayerFactory, UserFactory
from tests.rankings.factories import category_create, placings_create
from tournaments.models import SeasonRankingRow, TournamentStatus
from tournaments.services.tournaments import tournament_status_set

pytestmark = pytest.mark.django_db


def test_finishing_a_tournament_recomputes_its_season(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from tests.factories import TournamentFactory

    director = UserFactory(roles=["director"])
    tournament = TournamentFactory(
        status=TournamentStatus.RUNNING, category=category_create("open", [10, 6, 3])
    )
    winner: Player = PlayerFactory()
    second: Player = PlayerFactory()
    placings_create(tournament, [(winner, 1), (second, 2)])
    assert not SeasonRankingRow.objects.filter(season=tournament.season).exists()

    with django_capture_on_commit_callbacks(execute=True):
        tournament_status_set(by=director, tournament=tournament, status=TournamentStatus.FINISHED)

    rows = SeasonRankingRow.objects.filter(season=tournament.season, kind="players")
    assert [(row.player_id, row.place, int(row.points)) for row in rows.order_by("place")] == [
        (winner.pk, 1, 10),
        (second.pk, 2, 6),
    ]
