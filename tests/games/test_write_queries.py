"""What a deal write asks of the database: its queries stay on the game's own rows.

A deal is the most frequent write of a match day (every table, every few minutes, all at
once), so its queries are watched here: none orders by the models' default ordering, which
follows table, round and tournament and so joins four tables it does not need; and a game's
events are read in one query while the game has only deals.
"""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games import services
from games.adapter import game_events
from games.models import DealEntry, TableGame
from tests.games.conftest import Setup, orders_through_tournament


def _record(setup: Setup, number: int, loser: str) -> list[str]:
    client = APIClient()
    client.force_authenticate(setup.judge)
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(
            f"/api/games/tables/{setup.table.pk}/deals/",
            {"number": number, "losers": [loser], "idempotency_key": f"key-{number}"},
            format="json",
        )
    assert answer.status_code == 201, answer.content
    return [query["sql"] for query in queries.captured_queries]


def test_a_recorded_deal_never_joins_up_to_the_tournament_to_order_rows(setup: Setup) -> None:
    _record(setup, 1, "A")  # the first deal also starts the game
    statements = _record(setup, 2, "B")
    assert [sql for sql in statements if orders_through_tournament(sql)] == []
    assert any('INSERT INTO "games_dealentry"' in sql for sql in statements)


def _events_read(setup: Setup) -> tuple[int, list[str]]:
    game = TableGame.objects.get(table=setup.table)
    with CaptureQueriesContext(connection) as queries:
        loaded = game_events(game)
    return len(queries), [type(event).__name__ for event in loaded.events]


def test_a_game_of_deals_and_undos_reads_its_events_in_one_query(setup: Setup) -> None:
    setup.lose("A", "B")
    services.deal_undo(by=setup.judge, table=setup.table)
    assert _events_read(setup) == (1, ["DealRecorded", "DealRecorded", "DealUndone"])


def test_a_misdeal_correction_or_ruling_is_read_with_the_deals(setup: Setup) -> None:
    setup.lose("A")
    services.misdeal_record(by=setup.judge, table=setup.table)
    deal = DealEntry.objects.get(game__table=setup.table, number=1)
    services.deal_correct(by=setup.head_referee, deal=deal, reason="wrong seat", losers=["B"])
    services.ruling_make(
        by=setup.head_referee,
        table=setup.table,
        deal=deal,
        kind="A",
        offender="C",
        penalty="loses_deal",
        reason="renonc",
    )
    count, kinds = _events_read(setup)
    assert count == 4
    assert kinds == ["DealRecorded", "Misdeal", "DealCorrected", "RulingMade"]
    assert setup.words() == {"A": "", "B": "", "C": "T", "D": ""}


def test_a_recorded_deal_reads_the_table_s_seats_once(setup: Setup) -> None:
    """The seat results and the answer's names of the players come from one read of the
    seats (the write's), and the answer names every player."""
    _record(setup, 1, "A")
    client = APIClient()
    client.force_authenticate(setup.judge)
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(
            f"/api/games/tables/{setup.table.pk}/deals/",
            {"number": 2, "losers": ["B"], "idempotency_key": "key-names"},
            format="json",
        )
    assert answer.status_code == 201, answer.content
    seats_read = [q["sql"] for q in queries.captured_queries if "tournaments_tableseat" in q["sql"]]
    assert len(seats_read) == 1
    names = {seat.position: seat.entry.player.nickname for seat in setup.table.seats.all()}
    assert {seat["seat"]: seat["player"] for seat in answer.json()["seats"]} == names
