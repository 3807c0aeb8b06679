"""Finishing a tournament puts its placings into the season ranking at once."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rankings.factories import category_create
from tests.tournaments.results.conftest import make_event
from tournaments.models import RoundStatus, SeasonRankingRow, TournamentStatus
from tournaments.services.tournaments import tournament_status_set

pytestmark = pytest.mark.django_db


def test_finishing_a_tournament_recomputes_its_season(
    django_capture_on_commit_callbacks: Any,
) -> None:
    e = make_event("abcd", category=category_create("open", [10, 6, 3]))
    round_ = e.round("abcd")
    with django_capture_on_commit_callbacks(execute=True):
        e.play(round_, 1, "ddcb")  # a no letter, b and c one each, d two
    round_.status = RoundStatus.FINISHED
    round_.save(update_fields=["status"])
    assert not SeasonRankingRow.objects.filter(season=e.tournament.season).exists()

    with django_capture_on_commit_callbacks(execute=True):
        tournament_status_set(
            by=e.director, tournament=e.tournament, status=TournamentStatus.FINISHED
        )

    rows = SeasonRankingRow.objects.filter(season=e.tournament.season, kind="players")
    ranked = [(row.player_id, row.place, row.points) for row in rows.order_by("place", "pk")]
    assert ranked[0] == (e.pid("a"), 1, 10)
    assert ranked[-1][0] == e.pid("d")


def test_reopening_a_tournament_takes_it_out_of_its_season_ranking(
    django_capture_on_commit_callbacks: Any,
) -> None:
    e = make_event("abcd", category=category_create("open", [10, 6, 3]))
    round_ = e.round("abcd")
    with django_capture_on_commit_callbacks(execute=True):
        e.play(round_, 1, "ddcb")
    round_.status = RoundStatus.FINISHED
    round_.save(update_fields=["status"])
    with django_capture_on_commit_callbacks(execute=True):
        tournament_status_set(
            by=e.director, tournament=e.tournament, status=TournamentStatus.FINISHED
        )
    rows = SeasonRankingRow.objects.filter(season=e.tournament.season, kind="players")
    assert rows.exists()

    with django_capture_on_commit_callbacks(execute=True):
        tournament_status_set(
            by=e.director, tournament=e.tournament, status=TournamentStatus.RUNNING
        )
    assert not rows.exists()
