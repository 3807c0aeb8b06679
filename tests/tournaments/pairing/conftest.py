from __future__ import annotations

import pytest

from tournaments.pairing.model import Entrant


@pytest.fixture
def field16() -> tuple[Entrant, ...]:
    return tuple(Entrant(i, success_rate=1 - i / 100, ranking=i) for i in range(1, 17))
