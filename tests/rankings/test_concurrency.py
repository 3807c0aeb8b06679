"""Two season recomputes at once on PostgreSQL: serialised by the season lock, never a mix."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tests.rankings.conftest import SeasonSetup
from tournaments.models import SeasonRankingRow
from tournaments.rankings.services import season_rankings_compute

pytestmark = pytest.mark.integration


def _rows(setup: SeasonSetup) -> list[tuple[str, int | None, int | None, int, str]]:
    return [
        (r.kind, r.player_id, r.club_id, r.place, str(r.points))
        for r in SeasonRankingRow.objects.filter(season=setup.season).order_by("kind", "place")
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("runs", [2, 6])
def test_racing_recomputes_leave_exactly_one_ranking(season_2026: SeasonSetup, runs: int) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    season_rankings_compute(season_2026.season.pk)
    expected = _rows(season_2026)
    barrier = threading.Barrier(runs)
    errors: list[Exception] = []

    def recompute() -> None:
        try:
            barrier.wait()
            season_rankings_compute(season_2026.season.pk)
        except Exception as exc:  # reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=recompute) for _ in range(runs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == []
    assert _rows(season_2026) == expected
