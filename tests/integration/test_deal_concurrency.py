"""Two line judges record the same deal at once: exactly one deal is recorded."""

from __future__ import annotations

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from games import services
from games.models import DealEntry
from tests.games.conftest import make_setup

pytestmark = pytest.mark.integration


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempts", [2, 6])
def test_same_deal_number_at_once_records_exactly_one(attempts: int) -> None:
    s = make_setup()
    services.deal_record(by=s.judge, table=s.table, number=1, losers=["B"])
    barrier = threading.Barrier(attempts)
    outcomes: list[str] = []
    lock = threading.Lock()

    def record(loser: str) -> None:
        try:
            barrier.wait()
            services.deal_record(by=s.judge, table=s.table, number=2, losers=[loser])
            result = "recorded"
        except ValidationError as exc:
            result = "refused:" + ",".join(exc.message_dict)
        finally:
            connection.close()  # each thread had its own connection
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=record, args=("ABCD"[i % 4],)) for i in range(attempts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert outcomes.count("recorded") == 1
    assert outcomes.count("refused:number") == attempts - 1
    assert DealEntry.objects.filter(game__table=s.table, number=2).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_a_second_live_deal_with_the_same_number() -> None:
    from django.db import IntegrityError, transaction

    s = make_setup()
    deal = services.deal_record(by=s.judge, table=s.table, number=1, losers=["B"])
    with pytest.raises(IntegrityError), transaction.atomic():
        DealEntry.objects.create(game=deal.game, number=1, seq=99, mode="loser", losers=["C"])


@pytest.mark.django_db(transaction=True)
def test_tables_of_one_tournament_record_at_once_without_deadlock() -> None:
    """Every deal bumps the tournament's results version and finished games lock the round:
    eight tables finishing their games together must neither deadlock nor lose a deal."""
    from tests.games.conftest import make_table

    s = make_setup(word="KO")
    tables = [s.table, *(make_table(s.round, line_judge=s.judge) for _ in range(7))]
    barrier = threading.Barrier(len(tables))
    errors: list[str] = []
    lock = threading.Lock()

    def play(table_index: int) -> None:
        table = tables[table_index]
        try:
            barrier.wait()
            # Seat B loses every deal: two letters of "KO" finish the game on deal 2.
            for number in (1, 2):
                services.deal_record(by=s.judge, table=table, number=number, losers=["B"])
        except Exception as exc:  # the assertion below names it
            with lock:
                errors.append(f"table {table.number}: {type(exc).__name__}: {exc}")
        finally:
            connection.close()

    threads = [threading.Thread(target=play, args=(i,)) for i in range(len(tables))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert DealEntry.objects.filter(game__table__round=s.round).count() == 2 * len(tables)
    s.round.refresh_from_db()
    assert s.round.status == "finished"
