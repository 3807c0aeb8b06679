"""Two line judges record the same deal at once: exactly one deal is recorded."""

from __future__ import annotations

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from games import services
from games.models import Deal
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
    assert Deal.objects.filter(game__table=s.table, number=2).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_a_second_live_deal_with_the_same_number() -> None:
    from django.db import IntegrityError, transaction

    s = make_setup()
    deal = services.deal_record(by=s.judge, table=s.table, number=1, losers=["B"])
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(game=deal.game, number=1, seq=99, mode="loser", losers=["C"])
