"""Issue 34, finding 17: ``/t/<id>/`` answers alike for a table that does not exist and a
table the visitor may not see (a draft draw's, a held round's), signed out and signed in;
those who may see the table are sent on to it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import UserFactory
from tests.games.conftest import make_round, make_setup, make_table
from tournaments.models import RoundStatus, Table

pytestmark = pytest.mark.django_db


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _answer(client: Client, table_id: int) -> tuple[int, str]:
    """The status and where it leads, with the table's own id taken out of the address."""
    response = client.get(f"/t/{table_id}/")
    return response.status_code, response.get("Location", "").replace(str(table_id), "<id>")


def test_short_links_answer_alike_for_missing_held_and_draft_tables() -> None:
    s = make_setup()
    held = make_table(make_round(s.tournament, released=False))
    draft = make_table(make_round(s.tournament, status=RoundStatus.DRAFT))
    missing = Table.objects.order_by("-pk").values_list("pk", flat=True).first() + 100  # type: ignore[operator]
    for user in (None, UserFactory()):
        client = _client(user)
        nothing = _answer(client, missing)
        assert _answer(client, held.pk) == nothing
        assert _answer(client, draft.pk) == nothing
        assert nothing[0] in (302, 404) and "/games/tables/" not in nothing[1]


def test_short_links_lead_on_for_those_who_may_see_the_table() -> None:
    s = make_setup()
    held = make_table(make_round(s.tournament, released=False), line_judge=s.judge)
    assert _answer(_client(None), s.table.pk) == (302, "/games/tables/<id>/")
    for user in (s.judge, s.director, s.head_referee):
        assert _answer(_client(user), held.pk) == (302, "/games/tables/<id>/")
