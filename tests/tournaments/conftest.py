from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.factories import EntryFactory, TournamentFactory
from tests.tournaments.team_scene import TeamScene, make_team_scene
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


@pytest.fixture
def teams(db: None) -> TeamScene:
    """The team scene after three deals: A and B (Vinohrady) lose, C and D (Bílá Hora)
    lose nothing (``tests/tournaments/team_scene.py``)."""
    scene = make_team_scene()
    scene.scene.lose("A", "B", "A")
    return scene
