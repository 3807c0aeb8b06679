from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User

from games.smoke.models import SmokeSession
from games.smoke.services import smoke_hand_record, smoke_session_create
from tests.factories import UserFactory

SEEDS_NAMES = ["Jim", "Bud", "Whiz", "Tom", "Puresome"]

# The demo's hands: after hand 3, Puresome reads the seeds' example readout.
HAND_1 = {
    "stayed": ["Jim", "Whiz", "Tom", "Puresome"],
    "tricks": {"Jim": 1, "Whiz": 1, "Tom": 3, "Puresome": 0},
    "first_trick": "Tom",
}
HAND_2 = {
    "stayed": ["Jim", "Bud", "Tom"],
    "tricks": {"Jim": 1, "Bud": 1, "Tom": 3},
    "first_trick": "Tom",
}
HAND_3 = {
    "stayed": ["Jim", "Tom", "Puresome"],
    "tricks": {"Jim": 2, "Tom": 2, "Puresome": 1},
    "first_trick": "Puresome",
}
HAND_4 = {
    "stayed": ["Jim", "Whiz", "Tom"],
    "tricks": {"Jim": 2, "Whiz": 1, "Tom": 2},
    "first_trick": "Tom",
}
SEEDS_READOUT = (
    "Attention to tally.\n"
    "Jim - 6 coming down\n"
    "Bud - 9 steady, had one sit\n"
    "Whiz - 9 steady, had two sits, is a mustie\n"
    "Tom - 2 coming down, in the box\n"
    "Puresome - 14 coming down, never, never land"
)


@pytest.fixture
def keeper(db: None) -> User:
    return UserFactory(username="keeper")


@pytest.fixture
def session(keeper: User) -> SmokeSession:
    return smoke_session_create(
        by=keeper,
        name="VT-4",
        date=dt.date(1968, 6, 14),
        participants=SEEDS_NAMES,
        first_dealer="Jim",
    )


@pytest.fixture
def session_at_readout(session: SmokeSession, keeper: User) -> SmokeSession:
    for hand in (HAND_1, HAND_2, HAND_3):
        smoke_hand_record(by=keeper, session=session, **hand)
    return session
