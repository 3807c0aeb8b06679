"""Bot levels at online tables, bots named by seat and level, the practice form's default
word, play again, and the post-deal review (page and API) of online and recorded deals."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from games.models import DealEntry
from games.online import replay, services
from games.online.forms import PracticeForm
from games.online.models import OnlineGame
from games.selectors import table_state
from tests.factories import PlayerFactory, PlayingWordFactory, UserFactory
from tests.online.conftest import OnlineTournament
from tests.online.helpers import next_move

pytestmark = pytest.mark.django_db(transaction=True)


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def finish_first_deal(game_id: int, users: dict[str, User]) -> None:
    """The humans move (as the heuristic would) until the game's first deal is over."""
    while not replay.game_replay(OnlineGame.objects.get(pk=game_id)).records:
        move = next_move(game_id)
        assert move is not None
        seat, action, version = move
        services.online_act(game_id=game_id, user=users[seat], action=action, version=version)


def test_a_practice_game_plays_at_the_chosen_level_and_names_each_bot(human: User) -> None:
    word = PlayingWordFactory(letters="KOS", label="KOS", status="approved")
    game = services.online_practice_create(by=human, word=word, bots=3, bot_level="easy")
    assert game.bot_level == "easy"
    frame = services.online_state(game_id=game.pk).steps[-1]["A"]
    names = {s["seat"]: s["name"] for s in frame["seats"]}
    assert names["B"] == "Bot B (easy)" and names["D"] == "Bot D (easy)"
    assert len(set(names.values())) == 4, "every bot has its own name"
    with pytest.raises(ValidationError) as refused:
        services.online_practice_create(by=human, word=word, bots=3, bot_level="genius")
    assert "bot_level" in refused.value.message_dict


def test_the_practice_form_starts_with_the_default_word(human: User) -> None:
    PlayingWordFactory(letters="KOS", label="KOS", status="approved")
    tonda = PlayingWordFactory(letters="TONDA", label="TONDA", status="approved")
    assert PracticeForm().fields["word"].initial == tonda
    assert PracticeForm().fields["bot_level"].initial == "medium"


def test_the_lobby_shows_nicknames_and_the_level(human: User) -> None:
    PlayerFactory(user=human, nickname="Lumírek")
    word = PlayingWordFactory(letters="KOS", label="KOS", status="approved")
    services.online_practice_create(by=human, word=word, bots=2, bot_level="hard")
    page = Client().get("/online/").content.decode()
    assert "Lumírek" in page and "hard" in page


def test_play_again_opens_a_new_game_like_the_last(human: User) -> None:
    word = PlayingWordFactory(letters="KOS", label="KOS", status="approved")
    game = services.online_practice_create(
        by=human, word=word, bots=3, bot_level="hard", seconds_per_action=40
    )
    response = signed_in(human).post(f"/online/{game.pk}/again/")
    again = OnlineGame.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/online/{again.pk}/"
    assert (again.word_label, again.bot_level, again.seconds_per_action) == ("KOS", "hard", 40)
    assert again.seats.get(seat="A").user == human
    stranger = UserFactory(username="stranger")
    assert signed_in(stranger).post(f"/online/{game.pk}/again/").status_code == 302
    assert OnlineGame.objects.count() == 2, "only a player of the game plays it again"


def test_an_online_deal_is_reviewed_on_a_page_and_by_the_api(human: User) -> None:
    word = PlayingWordFactory(letters="KOS", label="KOS", status="approved")
    game = services.online_practice_create(by=human, word=word, bots=3, bot_level="easy")
    finish_first_deal(game.pk, {"A": human})

    player = signed_in(human)  # while the game runs, only seat A's own player sees A's
    page = player.get(f"/online/{game.pk}/deals/1/review/?seat=A")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="review-decisions"' in text and "Seen from seat A" in text
    assert f'href="/online/{game.pk}/"' in text, "the review links back to the table"

    api = player.get(f"/api/games/online/{game.pk}/deals/1/analysis/?seat=A")
    assert api.status_code == 200
    report = api.json()
    assert report["seat"] == "A" and report["deal"] == {"number": 1, "online_game": game.pk}
    assert report["decisions"][0]["phase"] == "pass"
    for decision in report["decisions"]:
        losses = [c["loss"] for c in decision["choices"]]
        if losses:
            assert decision["best_loss"] == min(losses)
            assert 0 <= decision["chosen_loss"] <= 1

    bad = player.get(f"/api/games/online/{game.pk}/deals/1/analysis/?seat=Z")
    assert bad.status_code == 400 and "seat" in bad.json()
    assert player.get(f"/api/games/online/{game.pk}/deals/9/analysis/").status_code == 404
    assert player.get(f"/online/{game.pk}/deals/9/review/").status_code == 404


def test_a_recorded_deal_with_its_full_record_links_to_its_review(
    online_tournament: OnlineTournament,
) -> None:
    t = online_tournament
    game = services.online_game_start(by=t.director, table=t.table)
    finish_first_deal(game.pk, t.players)
    deal = DealEntry.objects.get(game__table=t.table, number=1)
    state = table_state(t.table)
    assert state["deals"][0]["analysable"] is True
    page = Client().get(f"/games/tables/{t.table.pk}/")
    assert "/games/deals/0/review/" in page.content.decode(), "the page knows the review link"

    # While the game runs, the loser's own player sees the loser's analysis.
    loser = t.players[deal.losers[0]]
    review = signed_in(loser).get(f"/games/deals/{deal.pk}/review/")
    assert review.status_code == 200 and 'id="review-decisions"' in review.content.decode()
    api = signed_in(loser).get(f"/api/games/deals/{deal.pk}/analysis/").json()
    assert api["seat"] in deal.losers and api["deal"]["table"] == t.table.pk

    # A silent round's deals stay hidden from the public.
    t.table.round.released = False
    t.table.round.save(update_fields=["released"])
    assert Client().get(f"/api/games/deals/{deal.pk}/analysis/").status_code == 404


def test_the_director_chooses_the_bot_level_of_a_tournament_table() -> None:
    from tests.online.conftest import make_online_tournament

    t = make_online_tournament(allow_bots=True)
    round_ = t.table.round
    manage = reverse("round-manage", args=[round_.tournament.slug, round_.number])
    assert 'name="bot_level"' in signed_in(t.director).get(manage).content.decode()
    response = signed_in(t.director).post(
        f"/online/tables/{t.table.pk}/start/",
        {"seconds_per_action": 30, "grace_seconds": 30, "bot_level": "hard"},
    )
    assert response.status_code == 302
    game = OnlineGame.objects.get(table=t.table)
    assert game.bot_level == "hard"
    page = signed_in(t.director).get(f"/online/{game.pk}/").content.decode()
    assert "Let a bot play" in page
