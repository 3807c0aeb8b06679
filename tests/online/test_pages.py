"""The online pages render: the practice lobby and the card table, in English and Czech,
for a seated player, a moderator and a spectator (the live game itself is the socket's)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.online import services
from games.online.models import OnlineGame
from tests.factories import PlayingWordFactory, UserFactory
from tests.games.conftest import make_setup
from tournaments.models import TableKind

pytestmark = pytest.mark.django_db


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def in_czech(client: Client) -> Client:
    client.cookies["django_language"] = "cs"
    return client


def catalogue(content: bytes) -> dict[str, Any]:
    pattern = rb'<script id="ot-i18n" type="application/json">(.*?)</script>'
    found = re.search(pattern, content, re.S)
    assert found, "the page embeds its string catalogue"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


@pytest.fixture
def creator() -> User:
    return UserFactory(username="lumir")


@pytest.fixture
def practice(creator: User) -> OnlineGame:
    word = PlayingWordFactory(letters="KOS", label="KOS")
    return services.online_practice_create(by=creator, word=word, bots=3, seconds_per_action=20)


@pytest.fixture
def open_practice(creator: User) -> OnlineGame:
    word = PlayingWordFactory(letters="TONDA", label="TONDA")
    return services.online_practice_create(by=creator, word=word, bots=1)


def test_lobby_lists_practice_games_and_offers_the_form(
    practice: OnlineGame, open_practice: OnlineGame
) -> None:
    visitor = UserFactory(username="visitor")
    response = signed_in(visitor).get("/online/")
    assert response.status_code == 200
    assert response.templates[0].name == "online/lobby.html"
    listed = {game.pk for game in response.context["practice_games"]}
    assert listed == {practice.pk, open_practice.pk}
    body = response.content.decode()
    # the running game can only be watched; the open one can be joined too
    assert f'action="/online/{open_practice.pk}/join/"' in body
    assert f'action="/online/{practice.pk}/join/"' not in body
    assert f'href="/online/{practice.pk}/"' in body
    for field in ("word", "bots", "seconds_per_action"):
        assert f'name="{field}"' in body
    assert 'action="/online/practice/"' in body


def test_lobby_shows_my_games_and_asks_the_public_to_sign_in(
    practice: OnlineGame, creator: User
) -> None:
    mine = signed_in(creator).get("/online/")
    assert [g.pk for g in mine.context["my_games"]] == [practice.pk]
    assert 'id="my-games"' in mine.content.decode()
    public = Client().get("/online/").content.decode()
    assert 'id="my-games"' not in public
    assert 'action="/online/practice/"' not in public
    assert "/accounts/login/?next=/online/" in public


def test_lobby_renders_in_czech(practice: OnlineGame) -> None:
    response = in_czech(Client()).get("/online/")
    assert response.status_code == 200
    assert '<html lang="cs">' in response.content.decode()


def test_the_seated_player_gets_a_hand_and_the_socket_path(
    practice: OnlineGame, creator: User
) -> None:
    response = signed_in(creator).get(f"/online/{practice.pk}/")
    assert response.status_code == 200
    assert response.context["seat"] == "A"
    assert response.context["ws_path"] == f"/ws/online/{practice.pk}/"
    body = response.content.decode()
    assert 'data-seat="A"' in body
    assert f'data-ws-path="/ws/online/{practice.pk}/"' in body
    assert 'id="ot-hand"' in body and 'id="ot-confirm"' in body and 'id="ot-pack"' in body
    assert 'id="ot-spectator"' not in body
    seats = json.loads(
        re.search(r'<script id="ot-seats" type="application/json">(.*?)</script>', body, re.S)[1]
    )
    assert [(s["seat"], s["is_bot"]) for s in seats] == [
        ("A", False),
        ("B", True),
        ("C", True),
        ("D", True),
    ]
    assert seats[0]["name"] == "lumir"


def test_a_spectator_gets_no_hand_and_no_chat_box(practice: OnlineGame) -> None:
    response = Client().get(f"/online/{practice.pk}/")
    assert response.status_code == 200
    assert response.context["seat"] is None
    body = response.content.decode()
    assert 'data-seat=""' in body
    assert 'id="ot-spectator"' in body
    assert 'id="ot-hand"' not in body and 'id="ot-pack"' not in body
    assert 'id="ot-chat-form"' not in body


def test_only_the_moderator_sees_the_moderation_note(practice: OnlineGame, creator: User) -> None:
    moderator = signed_in(creator).get(f"/online/{practice.pk}/").content.decode()
    assert 'data-moderator="1"' in moderator and "ot-mod-note" in moderator
    watcher = signed_in(UserFactory(username="watcher")).get(f"/online/{practice.pk}/")
    body = watcher.content.decode()
    assert watcher.context["seat"] is None
    assert 'data-moderator="0"' in body and "ot-mod-note" not in body
    assert 'id="ot-chat-form"' in body  # a signed-in spectator may chat


def test_the_card_pattern_comes_from_the_query_and_is_remembered(
    practice: OnlineGame, creator: User
) -> None:
    client = signed_in(creator)
    assert client.get(f"/online/{practice.pk}/").context["pattern"] == "czech"
    french = client.get(f"/online/{practice.pk}/?pattern=french")
    assert french.context["pattern"] == "french"
    assert 'data-pattern="french"' in french.content.decode()
    assert client.get(f"/online/{practice.pk}/").context["pattern"] == "french"
    assert client.get(f"/online/{practice.pk}/?pattern=tarot").context["pattern"] == "french"


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_the_string_catalogue_is_valid_json_in_every_language(
    practice: OnlineGame, language: str
) -> None:
    client = Client()
    client.cookies["django_language"] = language
    response = client.get(f"/online/{practice.pk}/")
    assert f'<html lang="{language}">' in response.content.decode()
    strings = catalogue(response.content)
    for pattern in ("czech", "french"):
        assert len(strings[f"suits_{pattern}"]) == 4
        assert len(strings[f"ranks_{pattern}"]) == 8
        assert len(strings[f"index_{pattern}"]) == 8
    assert "{n}" in strings["deal"] and "{name}" in strings["botFor"]


def test_the_table_page_renders_in_czech(practice: OnlineGame, creator: User) -> None:
    body = in_czech(signed_in(creator)).get(f"/online/{practice.pk}/").content.decode()
    # "Word" is already in the Czech catalogue; the rest follows when the lead translates
    assert "Slovo" in body
    assert catalogue(body.encode())["dealer"] == "rozdává"


def test_every_suit_of_both_patterns_has_a_symbol(practice: OnlineGame) -> None:
    body = Client().get(f"/online/{practice.pk}/").content.decode()
    for pattern in ("czech", "french"):
        for suit in "HSDC":
            assert f'id="suit-{pattern}-{suit}"' in body


def test_an_unknown_game_is_404() -> None:
    assert Client().get("/online/999999/").status_code == 404


def test_a_tournament_table_names_its_tournament_and_round() -> None:
    setup = make_setup(word="KO")
    setup.table.kind = TableKind.ONLINE
    setup.table.save(update_fields=["kind"])
    seated = {position: setup.seated_user(position) for position in "ABCD"}
    game = services.online_game_start(by=setup.director, table=setup.table)
    response = signed_in(seated["C"]).get(f"/online/{game.pk}/")
    assert response.context["seat"] == "C"
    body = response.content.decode()
    assert str(setup.tournament) in body
    assert 'badge">practice' not in body
