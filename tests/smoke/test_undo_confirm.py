"""Undoing a Smoke hand deletes it and takes back what it did to the tally: the page says so
next to the button, and the server undoes nothing without the confirmation."""

from __future__ import annotations

import pytest
from django.test import Client

from games.smoke.models import SmokeSession

pytestmark = pytest.mark.django_db


def _keeper(session: SmokeSession) -> Client:
    client = Client()
    client.force_login(session.created_by)
    return client


def test_undo_hand_without_the_confirmation_deletes_nothing(
    session_at_readout: SmokeSession,
) -> None:
    hands = session_at_readout.hands.count()
    client = _keeper(session_at_readout)
    answer = client.post(f"/smoke/{session_at_readout.pk}/undo/", follow=True)
    assert session_at_readout.hands.count() == hands
    assert "Tick the box to confirm" in answer.content.decode()


def test_undo_hand_says_what_it_deletes_and_asks_for_the_box(
    session_at_readout: SmokeSession,
) -> None:
    hands = session_at_readout.hands.count()
    page = _keeper(session_at_readout).get(f"/smoke/{session_at_readout.pk}/").content.decode()
    form = page.split('id="hand-undo"')[1].split("</form>")[0]
    assert 'name="confirm" value="yes" required' in form
    assert f"delete hand {hands}" in form


def test_undo_hand_with_the_confirmation_undoes_the_last_hand(
    session_at_readout: SmokeSession,
) -> None:
    hands = session_at_readout.hands.count()
    client = _keeper(session_at_readout)
    client.post(f"/smoke/{session_at_readout.pk}/undo/", {"confirm": "yes"})
    assert session_at_readout.hands.count() == hands - 1
