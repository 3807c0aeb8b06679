from __future__ import annotations

import io
import random

import pytest
from django.core.management import call_command

from games.models import GameStatus, SeatResult, TableGame
from tests.tournaments.results_setup import make_scene
from tools import rating_check as check
from tools.rating_check import play_game
from tournaments.rating import services, skill
from tournaments.rating.models import PlayerRating, RatingChange
from tournaments.rating.services import rating_rebuild, rating_update
from tournaments.rating.skill import (
    MU,
    SeatFigures,
    Skill,
    deal_losers,
    finish_ranks,
    pairwise_accuracy,
    update,
)


def seat(player: int, lost: int, *, played: int = 10, **kw: object) -> SeatFigures:
    fields: dict[str, object] = {"placka": False, "table_place": None, "is_disqualified": False}
    fields.update(kw)
    return SeatFigures(player, played, lost, **fields)  # type: ignore[arg-type]


def test_order_of_finish_by_losses_placka_last_disqualified_after_all() -> None:
    seats = [
        seat(1, 2),
        seat(2, 5, placka=True),
        seat(3, 2),
        seat(4, 1, is_disqualified=True),
        seat(5, 3),
    ]
    assert finish_ranks(seats) == [1, 4, 1, 5, 3]


def test_order_of_finish_keeps_elimination_places_below_the_remaining_seats() -> None:
    seats = [seat(1, 4, table_place=4), seat(2, 1), seat(3, 3, table_place=3), seat(4, 2)]
    assert finish_ranks(seats) == [4, 1, 3, 2]


def test_deal_losers_take_turns_and_count_every_lost_deal() -> None:
    seats = [seat(1, 1), seat(2, 0), seat(3, 3), seat(4, 2)]
    assert deal_losers(seats) == [0, 2, 3, 2, 3, 2]


def test_update_moves_winners_up_and_equal_losses_stay_level() -> None:
    after = update([Skill()] * 4, [seat(1, 1), seat(2, 1), seat(3, 3), seat(4, 5)])
    assert after[0].mu == pytest.approx(after[1].mu, abs=0.05)
    assert min(after[0].mu, after[1].mu) > after[2].mu > after[3].mu
    assert after[2].mu < MU < after[1].mu
    assert all(s.sigma < Skill().sigma for s in after)


def test_equal_losses_everywhere_change_no_rating() -> None:
    after = update([Skill(30, 5)] * 4, [seat(i, 2) for i in range(4)])
    assert [s.mu for s in after] == pytest.approx([30.0] * 4, abs=0.05)


def test_a_game_without_a_lost_deal_changes_nothing() -> None:
    before = [Skill(20, 4), Skill(30, 6)]
    assert update(before, [seat(1, 0, played=0), seat(2, 0, played=0)]) == before


def test_update_refuses_skills_and_seats_that_do_not_match() -> None:
    with pytest.raises(ValueError, match="3 skills for 2 seats"):
        update([Skill()] * 3, [seat(1, 1), seat(2, 0)])


def test_a_clearly_stronger_bot_ends_with_a_higher_rating_than_a_weaker_one() -> None:
    # player 0 always plays the heuristic bot's move, player 1 always a random move
    strengths = [1.0, 0.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
    rng = random.Random(3)
    skills = {p: Skill() for p in range(len(strengths))}
    for _ in range(6):
        order = list(range(len(strengths)))
        rng.shuffle(order)
        for table in (order[:4], order[4:]):
            seats = play_game(strengths, table, rng, word=5)
            new = update([skills[p] for p in table], seats)
            skills.update(zip(table, new, strict=True))
    assert skills[0].mu > MU > skills[1].mu


def test_the_site_and_the_check_rate_with_the_same_update() -> None:
    assert services.update is skill.update
    assert check.update is skill.update


def test_pairwise_accuracy_counts_prediction_ties_as_half() -> None:
    assert pairwise_accuracy([3.0, 2.0, 1.0], [1, 2, 3]) == (3.0, 3)
    assert pairwise_accuracy([1.0, 1.0], [1, 2]) == (0.5, 1)
    assert pairwise_accuracy([1.0, 2.0], [1, 1]) == (0.0, 0)


def _finish_game(scene, django_capture_on_commit_callbacks) -> TableGame:  # type: ignore[no-untyped-def]
    with django_capture_on_commit_callbacks(execute=True):
        scene.lose("A", "B", "B", "C", "B", "B", "B")
    game = TableGame.objects.get(table=scene.setup.table)
    assert game.status == GameStatus.FINISHED
    return game


@pytest.mark.django_db
def test_a_finished_game_is_rated_on_commit_once(django_capture_on_commit_callbacks) -> None:
    scene = make_scene()
    game = _finish_game(scene, django_capture_on_commit_callbacks)
    changes = {c.player.nickname: c for c in RatingChange.objects.filter(game=game)}
    assert set(changes) == {"LUMIR", "KAREL", "ONDRA", "PEPA"}
    # KAREL lost the most deals and took the placka: last; PEPA lost none: first
    assert changes["KAREL"].rank == 4 and changes["PEPA"].rank == 1
    assert changes["PEPA"].mu > MU > changes["KAREL"].mu
    rating = PlayerRating.objects.get(player__nickname="PEPA")
    assert (rating.mu, rating.sigma, rating.games) == (changes["PEPA"].mu, changes["PEPA"].sigma, 1)
    results = SeatResult.objects.filter(game=game).select_related("entry").order_by("seat_id")
    figures = [
        SeatFigures(r.entry.player_id, r.deals_played, r.deals_lost, r.placka, r.table_place, False)
        for r in results
    ]
    expected = update([Skill()] * len(figures), figures)
    stored = {c.player_id: c for c in changes.values()}
    assert [(stored[f.player_id].mu, stored[f.player_id].sigma) for f in figures] == [
        (s.mu, s.sigma) for s in expected
    ]
    assert rating_update(scene.setup.tournament.pk) == 0  # idempotent
    assert RatingChange.objects.count() == 4


@pytest.mark.django_db
def test_a_running_game_is_not_rated(django_capture_on_commit_callbacks) -> None:
    scene = make_scene()
    with django_capture_on_commit_callbacks(execute=True):
        scene.lose("A", "B")
    assert not RatingChange.objects.exists()


@pytest.mark.django_db
def test_rebuild_gives_the_same_ratings(django_capture_on_commit_callbacks) -> None:
    scene = make_scene()
    _finish_game(scene, django_capture_on_commit_callbacks)
    before = sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma"))
    assert rating_rebuild() == 1
    assert sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma")) == before


@pytest.mark.django_db
def test_api_lists_ratings_and_a_players_history(django_capture_on_commit_callbacks) -> None:
    scene = make_scene()
    _finish_game(scene, django_capture_on_commit_callbacks)
    client = scene.client_for(None)
    listing = client.get("/api/ratings/").json()
    rows = listing["results"] if isinstance(listing, dict) else listing
    assert rows[0]["nickname"] == "PEPA"
    assert {r["games"] for r in rows} == {1}
    pepa = PlayerRating.objects.get(player__nickname="PEPA")
    detail = client.get(f"/api/ratings/{pepa.player_id}/").json()
    assert detail["rating"]["mu"] == pytest.approx(pepa.mu)
    assert [(h["rank"], h["round_number"]) for h in detail["history"]] == [(1, 1)]


@pytest.mark.django_db
def test_api_answers_404_for_a_player_never_rated() -> None:
    scene = make_scene()
    player = scene.add_entry("NOVAK").player
    response = scene.client_for(None).get(f"/api/ratings/{player.pk}/")
    assert response.status_code == 404
    assert "no rated game" in response.json()["detail"]


@pytest.mark.django_db
def test_profile_shows_rating_uncertainty_and_chart(django_capture_on_commit_callbacks) -> None:
    scene = make_scene()
    _finish_game(scene, django_capture_on_commit_callbacks)
    from tournaments.results.services import results_recompute

    results_recompute(scene.setup.tournament.pk)
    pepa = PlayerRating.objects.get(player__nickname="PEPA")
    html = scene.client_for(None).get(f"/players/{pepa.player_id}/").content.decode()
    assert f"{pepa.mu:.1f}" in html and f"± {pepa.sigma:.1f}" in html
    assert 'class="rate-chart"' in html and "Rating after each game" in html


@pytest.mark.django_db
def test_rating_rebuild_command_replaces_ratings_of_an_older_model(
    django_capture_on_commit_callbacks,
) -> None:
    scene = make_scene()
    _finish_game(scene, django_capture_on_commit_callbacks)
    rated = sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma"))
    PlayerRating.objects.update(mu=40.0, sigma=1.0)  # as if stored by another model
    out = io.StringIO()
    call_command("rating_rebuild", stdout=out)
    assert out.getvalue().strip() == "games rated: 1"
    assert sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma")) == rated
    assert RatingChange.objects.count() == 4
