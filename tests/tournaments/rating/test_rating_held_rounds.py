"""Issue 34, finding 4: a held (silent) round's games carry no rating. A game is rated when
its round is released, and holding the round again withdraws its rating (and the history's
rank in ``/api/ratings/<player>/``) until it is released once more."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import GameStatus, TableGame
from tests.tournaments.results_setup import Scene, make_scene
from tournaments.rating.models import PlayerRating, RatingChange
from tournaments.rating.skill import MU
from tournaments.results.services import round_release

pytestmark = pytest.mark.django_db


def _finish(scene: Scene) -> TableGame:
    scene.lose("A", "B", "B", "C", "B", "B", "B")
    game = TableGame.objects.get(table=scene.setup.table)
    assert game.status == GameStatus.FINISHED
    return game


def _ratings() -> list[tuple[int, float, float, int]]:
    return sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma", "games"))


def test_holding_a_rated_round_again_withdraws_its_games_ratings(
    django_capture_on_commit_callbacks: Any,
) -> None:
    scene = make_scene()
    with django_capture_on_commit_callbacks(execute=True):
        game = _finish(scene)
    rated = _ratings()
    pepa = PlayerRating.objects.get(player__nickname="PEPA").player_id
    public = scene.client_for(None)
    assert [h["rank"] for h in public.get(f"/api/ratings/{pepa}/").json()["history"]] == [1]

    with django_capture_on_commit_callbacks(execute=True):
        scene.hold(scene.setup.round)

    assert not RatingChange.objects.filter(game=game).exists()
    assert not PlayerRating.objects.exists(), "nobody keeps a rating from a held game"
    assert public.get(f"/api/ratings/{pepa}/").status_code == 404
    assert public.get("/api/ratings/").json()["results"] == []
    assert "rate-chart" not in public.get(f"/players/{pepa}/").content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        round_release(by=scene.director, round_=scene.setup.round)
    assert _ratings() == rated, "released again, the game is rated as it was"


def test_a_game_finished_in_a_held_round_is_rated_only_when_the_round_is_released(
    django_capture_on_commit_callbacks: Any,
) -> None:
    scene = make_scene()
    with django_capture_on_commit_callbacks(execute=True):
        scene.hold(scene.setup.round)
    with django_capture_on_commit_callbacks(execute=True):
        game = _finish(scene)
    assert not RatingChange.objects.filter(game=game).exists()
    with django_capture_on_commit_callbacks(execute=True):
        round_release(by=scene.director, round_=scene.setup.round)
    assert RatingChange.objects.filter(game=game).count() == 4
    assert PlayerRating.objects.get(player__nickname="PEPA").mu > MU


def test_the_history_leaves_out_a_held_game_before_the_rating_job_runs(
    django_capture_on_commit_callbacks: Any,
) -> None:
    scene = make_scene()
    with django_capture_on_commit_callbacks(execute=True):
        _finish(scene)
    pepa = PlayerRating.objects.get(player__nickname="PEPA").player_id
    scene.hold(scene.setup.round)  # its commit callbacks (the rating job) never run
    history = scene.client_for(None).get(f"/api/ratings/{pepa}/").json()["history"]
    assert history == []
