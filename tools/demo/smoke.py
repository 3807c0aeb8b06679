"""Demo Smoke sessions for `manage.py seed_demo` (idempotent).

The finished session replays the seeds' readout example: after hand 3 Puresome reads
"Jim - 6 coming down / Bud - ... one sit / Whiz - 9 ... two sits, is a mustie /
Tom - 2 ... in the box / Puresome - 14 ..., never, never land"; Tom then goes out.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User

from games.smoke.models import SmokeSession
from games.smoke.services import smoke_hand_record, smoke_session_create
from tools.demo import DEMO_PASSWORD

Log = Callable[[str], None]

VT4 = "VT-4 ready room, 1968"
VT4_HANDS: list[dict[str, Any]] = [
    {
        "stayed": ["Jim", "Whiz", "Tom", "Puresome"],
        "tricks": {"Jim": 1, "Whiz": 1, "Tom": 3, "Puresome": 0},
        "first_trick": "Tom",
    },
    {
        "stayed": ["Jim", "Bud", "Tom"],
        "tricks": {"Jim": 1, "Bud": 1, "Tom": 3},
        "first_trick": "Tom",
    },
    {
        "stayed": ["Jim", "Tom", "Puresome"],
        "tricks": {"Jim": 2, "Tom": 2, "Puresome": 1},
        "first_trick": "Puresome",
    },
    {
        "stayed": ["Jim", "Whiz", "Tom"],
        "tricks": {"Jim": 2, "Whiz": 1, "Tom": 2},
        "first_trick": "Tom",
        "infractions": [("Whiz", "said 'hearts' at the mesa")],
    },
]

FRIDAY = "Friday Smoke at the club"
FRIDAY_HANDS: list[dict[str, Any]] = [
    {
        "stayed": ["Anna", "Tonda", "Věra", "Lumír"],
        "tricks": {"Anna": 2, "Tonda": 2, "Věra": 1, "Lumír": 0},
        "first_trick": "Anna",
    },
    {
        "stayed": ["Anna", "Tonda", "Lumír"],
        "tricks": {"Anna": 3, "Lumír": 2},
        "first_trick": "Lumír",
    },
]


def _keeper() -> User:
    user, created = User.objects.get_or_create(username="smoke-keeper")
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
    return user


def _session(
    log: Log, *, name: str, date: dt.date, names: list[str], hands: list[dict[str, Any]]
) -> None:
    if SmokeSession.objects.filter(name=name).exists():
        log(f"Smoke: {name!r} already there")
        return
    keeper = _keeper()
    session = smoke_session_create(
        by=keeper, name=name, date=date, participants=names, first_dealer=names[0]
    )
    for hand in hands:
        smoke_hand_record(by=keeper, session=session, **hand)
    session.refresh_from_db()
    log(f"Smoke: {name!r} with {len(hands)} hands ({session.get_status_display()})")


def seed(log: Log) -> None:
    _session(
        log,
        name=VT4,
        date=dt.date(1968, 6, 14),
        names=["Jim", "Bud", "Whiz", "Tom", "Puresome"],
        hands=VT4_HANDS,
    )
    _session(
        log,
        name=FRIDAY,
        date=dt.date.today(),
        names=["Anna", "Tonda", "Věra", "Lumír"],
        hands=FRIDAY_HANDS,
    )
