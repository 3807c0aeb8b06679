from __future__ import annotations

import pytest

from scwu.tasks import federation_counts_task
from tests.factories import PlayerFactory

pytestmark = pytest.mark.integration


@pytest.mark.django_db(transaction=True)
def test_real_worker_reads_the_same_postgresql_database() -> None:
    PlayerFactory.create_batch(3)
    result = federation_counts_task.delay()
    assert result.get(timeout=30) == {"players": 3}
