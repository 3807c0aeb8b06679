"""A director makes a drawn round's table online (or back) before its game begins."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client

from games import services as scoring
from tests.factories import UserFactory
from tests.games.conftest import make_setup
from tournaments.models import TableKind
from tournaments.services.rounds import table_kind_set

pytestmark = pytest.mark.django_db


def test_director_makes_a_table_online_and_back() -> None:
    s = make_setup()
    table = table_kind_set(by=s.director, table=s.table, kind=TableKind.ONLINE)
    assert table.kind == "online"
    table = table_kind_set(by=s.director, table=s.table, kind=TableKind.PHYSICAL)
    assert table.kind == "physical"


def test_kind_cannot_change_once_the_game_began() -> None:
    s = make_setup()
    scoring.deal_record(by=s.judge, table=s.table, number=1, losers=["B"])
    with pytest.raises(ValidationError) as exc:
        table_kind_set(by=s.director, table=s.table, kind=TableKind.ONLINE)
    assert exc.value.message_dict == {
        "kind": ["The game at this table has begun; its kind cannot change."]
    }
    s.table.refresh_from_db()
    assert s.table.kind == "physical"


def test_unknown_kind_and_non_directors_are_refused() -> None:
    s = make_setup()
    with pytest.raises(ValidationError):
        table_kind_set(by=s.director, table=s.table, kind="teleport")
    with pytest.raises(PermissionDenied):
        table_kind_set(by=UserFactory(), table=s.table, kind=TableKind.ONLINE)


def test_round_page_switches_the_kind_and_offers_to_open_the_online_table(client: Client) -> None:
    s = make_setup()
    director: User = s.director
    client.force_login(director)
    url = f"/tournaments/{s.tournament.slug}/rounds/{s.round.number}/"
    response = client.post(url + "table-kind/", {"table": s.table.pk, "kind": "online"})
    assert response.status_code == 302
    s.table.refresh_from_db()
    assert s.table.kind == "online"
    page = client.get(url + "manage/").content.decode()
    assert f"/online/tables/{s.table.pk}/start/" in page
    assert client.post(url + "table-kind/", {"table": "x", "kind": "online"}).status_code == 404
