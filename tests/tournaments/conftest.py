from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.factories import EntryFactory, TournamentFactory
from tournaments.models import Entry, Tournament, TournamentStatus


@pytest.fixture
def tournament(director: User) -> Tournament:
    """A running tournament directed by the ``director`` fixture."""
    t: Tournament = TournamentFactory(status=TournamentStatus.RUNNING)
    t.directors.add(director)
    return t


@pytest.fixture
def field(tournament: Tournament) -> Callable[[int], list[Entry]]:
    """``field(n)``: n checked-in entries of ``tournament``."""

    def make(n: int, **kwargs: Any) -> list[Entry]:
        return [EntryFactory(tournament=tournament, **kwargs) for _ in range(n)]

    return make
