"""Finding 1: a finished tournament is read-only for scorekeeping until a director reopens it
(which is audited), and 13: a ``next`` redirect never leaves the site."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from rest_framework.test import APIClient

from games import services
from games.models import DealEntry
from tests.games.conftest import Setup, make_setup
from tournaments.models import Round, RoundStatus, Tournament, TournamentStatus
from tournaments.services.tournaments import tournament_status_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(db: None) -> Setup:
    return make_setup()


def _finish(setup: Setup) -> None:
    setup.lose(*"BBBBB")
    tournament_status_set(by=setup.director, tournament=setup.tournament, status="finished")


def test_finding_01_finished_tournament_is_read_only(setup: Setup) -> None:
    _finish(setup)
    table = setup.table.pk
    last = DealEntry.objects.order_by("-pk").first()
    assert last is not None
    for user, url, body in (
        (setup.judge, f"/api/games/tables/{table}/undo/", {}),
        (
            setup.director,
            f"/api/games/deals/{last.pk}/corrections/",
            {"losers": ["C"], "reason": "typo"},
        ),
    ):
        client = APIClient()
        client.force_authenticate(user)
        answer = client.post(url, body, format="json")
        assert answer.status_code == 409, (url, answer.status_code)
        assert "finished" in str(answer.json()["game"])
    assert DealEntry.objects.count() == 5
    assert not DealEntry.objects.filter(undone_seq__isnull=False).exists()
    assert Round.objects.get().status == RoundStatus.FINISHED
    assert Tournament.objects.get().status == TournamentStatus.FINISHED


def test_finding_01_a_director_reopens_and_it_is_audited(setup: Setup) -> None:
    _finish(setup)
    tournament_status_set(by=setup.director, tournament=setup.tournament, status="running")
    entry = LogEntry.objects.get(object_id=str(setup.tournament.pk))
    assert entry.user == setup.director and "Reopened" in entry.change_message
    services.deal_undo(by=setup.judge, table=setup.table)
    assert Round.objects.get().status == RoundStatus.PUBLISHED


def test_finding_13_status_next_redirects_only_on_site(setup: Setup) -> None:
    client = Client()
    client.force_login(setup.director)
    url = f"/tournaments/{setup.tournament.slug}/status/"
    for evil in ("https://evil.example/", "//evil.example/x", "/\\evil.example"):
        answer = client.post(url, {"status": "running", "next": evil})
        assert answer.status_code == 302
        assert "evil" not in answer["Location"], evil
    answer = client.post(url, {"status": "running", "next": "/rankings/"})
    assert answer["Location"] == "/rankings/"
