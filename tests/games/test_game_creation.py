"""One path creates a table's game: the empty state, a physical table's first deal and an
online table's scorekeeping game all take the same fields from the round."""

from __future__ import annotations

import pytest

from engine.ledger import PlackaMode
from games import selectors
from games.models import TableGame
from games.online.services.scoring import scorekeeping_game_start
from games.services.common import game_create, game_unsaved
from tests.factories import PlayingWordFactory
from tests.games.conftest import make_round, make_table, make_tournament
from tournaments.models.rounds import PlackaModeChoice

pytestmark = pytest.mark.django_db

_FIELDS = ("word_label", "word_letters", "seats", "placka_mode", "sit_out_rule")


def _fields(game: TableGame) -> tuple[object, ...]:
    return tuple(getattr(game, field) for field in _FIELDS)


def test_the_first_deal_starts_the_game_the_empty_state_showed() -> None:
    word = PlayingWordFactory(label="Herr flick", letters="flick ")
    round = make_round(make_tournament(), word=word, placka_mode=PlackaModeChoice.ELIMINATION)
    table = make_table(round, seats=5)
    empty = selectors.table_state(table)
    assert empty["word"] == "Herr flick" and empty["word_letters"] == list("FLICK")
    game = game_create(table, seats=5)
    assert _fields(game) == _fields(game_unsaved(table, seats=5))
    assert (game.word_letters, game.seats, game.placka_mode) == ("FLICK", 5, "elimination")
    assert selectors.table_state(table)["word_letters"] == empty["word_letters"]


def test_an_online_table_creates_its_game_through_the_same_path_once() -> None:
    table = make_table(make_round(make_tournament(), word="KOS"), seats=4)
    game = scorekeeping_game_start(table)
    assert _fields(game) == _fields(game_unsaved(table, seats=4))
    assert scorekeeping_game_start(table).pk == game.pk
    assert TableGame.objects.filter(table=table).count() == 1


def test_the_rounds_placka_modes_are_the_ledgers() -> None:
    assert sorted(PlackaModeChoice.values) == sorted(mode.value for mode in PlackaMode)
