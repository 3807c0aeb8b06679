from __future__ import annotations

from django.test import Client

from scwu.models import Player
from tests.rankings.conftest import SeasonSetup, season_2026  # noqa: F401 (fixture)
from tournaments.rankings.services import season_rankings_compute
from tournaments.rating.models import PlayerRating


def test_season_ranking_shows_the_rating_beside_the_points(
    client: Client,
    season_2026: SeasonSetup,  # noqa: F811
) -> None:
    season_rankings_compute(season_2026.season.pk)
    cyril = Player.objects.get(nickname="Cyril")
    PlayerRating.objects.create(player=cyril, mu=31.25, sigma=2.5, games=12)
    html = client.get("/seasons/2026/ranking/").content.decode()
    html = html[html.index('<table class="table ranking">') :]
    assert "<th" in html and ">Rating</th>" in html
    row = html[html.index(">Cyril</a>") :]
    row = row[: row.index("</tr>")]
    assert "31.2 ± 2.5" in row or "31.3 ± 2.5" in row
    ada = html[html.index(">Ada</a>") :]
    assert "–" in ada[: ada.index("</tr>")]
