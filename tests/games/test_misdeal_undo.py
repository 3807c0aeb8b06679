"""A misdeal is not a one-way tap: whoever may record it can undo the last misdeal of the
deal being dealt (its letter goes with it), kept and audited; a misdeal of a deal already
played stays for the referee."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games import services
from games.models import AuditAction, AuditEntry, MisdealEntry
from tests.games.conftest import Setup

pytestmark = pytest.mark.django_db


def _judge(s: Setup) -> APIClient:
    client = APIClient()
    client.force_authenticate(s.judge)
    return client


def _undo(s: Setup) -> Any:
    return _judge(s).post(f"/api/games/tables/{s.table.pk}/misdeals/undo/")


def test_the_line_judge_undoes_a_misdeal_within_its_deal(setup: Setup) -> None:
    services.misdeal_record(by=setup.judge, table=setup.table)
    assert setup.state()["next_deal"]["misdeals"] == 1
    answer = _undo(setup)
    assert answer.status_code == 200, answer.content
    assert answer.json()["next_deal"]["misdeals"] == 0
    misdeal = MisdealEntry.objects.get()
    assert misdeal.undone_seq is not None and misdeal.undone_by == setup.judge
    undo = AuditEntry.objects.get(action=AuditAction.MISDEAL_UNDO)
    assert undo.by == setup.judge and "Misdeal of deal 1 undone." in undo.summary


def test_undoing_a_second_misdeal_takes_its_letter_back(setup: Setup) -> None:
    services.misdeal_record(by=setup.judge, table=setup.table)
    services.misdeal_record(by=setup.judge, table=setup.table)
    assert setup.words()["A"] == "T"  # the dealer's letter for the second misdeal
    assert _undo(setup).status_code == 200
    assert setup.words()["A"] == ""
    assert setup.state()["next_deal"]["misdeals"] == 1  # the first one stays


def test_a_misdeal_of_a_deal_already_played_is_not_undone_from_the_table(setup: Setup) -> None:
    services.misdeal_record(by=setup.judge, table=setup.table)
    setup.lose("B")
    answer = _undo(setup)
    assert answer.status_code == 409, answer.content
    assert "game" in answer.json()
    assert MisdealEntry.objects.get().undone_seq is None


def test_an_undone_misdeal_is_no_event_of_the_game_and_cannot_be_waived(setup: Setup) -> None:
    services.misdeal_record(by=setup.judge, table=setup.table)
    services.misdeal_record(by=setup.judge, table=setup.table)
    services.misdeal_undo(by=setup.judge, table=setup.table)
    undone = MisdealEntry.objects.exclude(undone_seq=None).get()
    client = APIClient()
    client.force_authenticate(setup.head_referee)
    answer = client.post(f"/api/games/misdeals/{undone.pk}/waive/")
    assert answer.status_code == 409, answer.content
    setup.lose("C")  # deal 1 is played after one misdeal: its dealer holds no letter
    assert setup.state()["deals"][0]["misdeals"] == 1
    assert setup.words()["A"] == ""
