"""Issue 34, finding 1: a held (silent) round's online table is not public. The table page,
the WebSocket, the reviews and the analyses answer the public as if the game did not exist;
its seated players play on, those who may see the held round watch it whole, and a spectator
who was watching before the round was held sees no letter, loser or card from then on."""

from __future__ import annotations

import re
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import Client

from games.online import services
from games.online.frames import PUBLIC, WATCH
from games.online.models import OnlineGame
from tests.factories import UserFactory
from tests.online.conftest import OnlineTournament, _cookie, run, ws_connect
from tests.online.test_levels_and_review import finish_first_deal
from tournaments.models import Round

pytestmark = pytest.mark.django_db(transaction=True)


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _hold(round_: Round) -> None:
    round_.released = False
    round_.save(update_fields=["released"])


async def _close_code(game_id: int, user: User | None) -> int:
    """The code the server closes a WebSocket of ``game_id`` with, right after accepting."""
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if cookie := await _cookie(user):
        headers.append((b"cookie", cookie))
    comm = WebsocketCommunicator(_application(), f"/ws/online/{game_id}/", headers=headers)
    connected, _ = await comm.connect()
    assert connected
    message = await comm.receive_output(timeout=3)
    await comm.wait()
    assert message["type"] == "websocket.close", message
    return int(message["code"])


def _application() -> Any:
    from scwu.config.asgi import application

    return application


def _unaddressed(content: bytes, address: str) -> bytes:
    """The page but for the address it names and its forms' CSRF tokens (masked anew on
    every answer)."""
    content = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"<token>", content)
    return content.replace(address.encode(), b"<address>")


def _held_game(t: OnlineTournament) -> OnlineGame:
    game = services.online_game_start(by=t.director, table=t.table)
    finish_first_deal(game.pk, t.players)
    _hold(t.table.round)
    return game


def test_a_held_rounds_online_table_answers_the_public_as_a_missing_one(
    online_tournament: OnlineTournament,
) -> None:
    game = _held_game(online_tournament)
    missing = game.pk + 1000
    for viewer in (None, UserFactory()):
        client = _client(viewer)
        for path in (
            "/online/{}/",
            "/online/{}/deals/1/review/?seat=B",
            "/api/games/online/{}/deals/1/analysis/?seat=B",
            "/api/games/online/{}/deals/1/analysis/",
        ):
            held, nothing = client.get(path.format(game.pk)), client.get(path.format(missing))
            assert held.status_code == nothing.status_code == 404, path
            # The 404 page names the address asked for: the same page but for that address.
            asked = path.split("?")[0]
            assert _unaddressed(held.content, asked.format(game.pk)) == _unaddressed(
                nothing.content, asked.format(missing)
            ), path
        assert run(_close_code, game.pk, viewer) == run(_close_code, missing, viewer) == 4404


def test_a_held_tables_players_and_directors_still_see_it(
    online_tournament: OnlineTournament,
) -> None:
    t = online_tournament
    game = _held_game(t)
    for user in (t.players["A"], t.director):
        assert _client(user).get(f"/online/{game.pk}/").status_code == 200

    async def frames() -> tuple[dict[str, Any], dict[str, Any]]:
        player = await ws_connect(game, t.players["A"])
        director = await ws_connect(game, t.director)
        seen = (await player.state(), await director.state())
        await player.close()
        await director.close()
        return seen

    player_frame, director_frame = run(frames)
    assert player_frame["you"] == "A" and player_frame["last_deal"]["number"] == 1
    assert director_frame["you"] is None and director_frame["last_deal"]["number"] == 1
    assert "".join(director_frame["game"]["word_so_far"].values()) != ""


def test_the_public_frame_of_a_held_table_tells_no_letter_loser_or_card(
    online_tournament: OnlineTournament,
) -> None:
    game = _held_game(online_tournament)
    step = services.online_state(game_id=game.pk).steps[-1]
    public, whole = step[PUBLIC], step[WATCH]
    assert whole["last_deal"] is not None and "".join(whole["game"]["word_so_far"].values())
    assert public["last_deal"] is None
    assert set(public["game"]["word_so_far"].values()) == {""}
    assert public["game"]["placka"] == [] and public["game"]["mecbol"] == []
    assert public["view"]["trick"] == [] and public["view"]["last_trick"] is None
    assert set(public["view"]["tricks_taken"].values()) == {0}
    assert public["view"]["result"] is None and public["view"]["tricks"] is None
    # Released again: one public frame, the whole one.
    t = online_tournament.table.round
    t.released = True
    t.save(update_fields=["released"])
    released = services.online_state(game_id=game.pk).steps[-1]
    assert WATCH not in released and released[PUBLIC]["last_deal"] is not None
