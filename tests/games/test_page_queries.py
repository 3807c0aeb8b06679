"""Signed-in match-day pages ask the database a fixed number of questions, whatever the
number of tables: roles and posts are read once per request (``scwu.request_memo.remembered``) and
the round dashboard's referee tools come from the tables' cached entries."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import Group, User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import DealEntry
from scwu.roles import Role, has_role
from tests.factories import UserFactory
from tests.games.conftest import Setup, make_setup, make_table
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _play(setup: Setup, table: Table) -> None:
    for loser in "ABC":
        services.deal_record(by=setup.director, table=table, losers=[loser])


def _grow(setup: Setup, tables: int) -> None:
    """Add played tables to the setup's round until it has ``tables``."""
    while setup.round.tables.count() < tables:
        _play(setup, make_table(setup.round))


def _queries(client: Client, url: str, before: Callable[[], None] | None = None) -> list[str]:
    client.get(url)  # the tables' entries are cached from now on
    if before is not None:
        before()
    with CaptureQueriesContext(connection) as captured:
        answer = client.get(url)
    assert answer.status_code == 200
    return [query["sql"] for query in captured.captured_queries]


@pytest.fixture
def played() -> Setup:
    cache.clear()
    setup = make_setup()
    _play(setup, setup.table)
    # A waivable misdeal letter and a ruling: the tools offer a waiver and an appeal.
    services.misdeal_record(by=setup.director, table=setup.table)
    services.misdeal_record(by=setup.director, table=setup.table)
    services.ruling_make(
        by=setup.head_referee,
        table=setup.table,
        deal=DealEntry.objects.get(game__table=setup.table, number=1),
        kind="A",
        offender="B",
        penalty="extra_letter",
        reason="renonc",
    )
    return setup


def _sizes(setup: Setup, url: str, user: User, before: Callable[[], None] | None = None) -> None:
    client = Client()
    client.force_login(user)
    _grow(setup, 2)
    few = _queries(client, url, before)
    _grow(setup, 6)
    many = _queries(client, url, before)
    assert len(many) == len(few), (few, many)


def _a_deal_at_the_first_table(setup: Setup) -> Callable[[], None]:
    return lambda: services.deal_record(by=setup.director, table=setup.table, losers=["D"])


def _dashboard(setup: Setup) -> str:
    return f"/tournaments/{setup.tournament.slug}/rounds/{setup.round.number}/dashboard/"


def test_the_directors_dashboard_costs_the_same_queries_for_two_tables_as_for_six(
    played: Setup,
) -> None:
    _sizes(played, _dashboard(played), played.director)


def test_after_a_deal_the_dashboard_replays_that_table_only(played: Setup) -> None:
    _sizes(played, _dashboard(played), played.director, _a_deal_at_the_first_table(played))


def test_a_seated_players_dashboard_costs_the_same_queries_for_two_tables_as_for_six(
    played: Setup,
) -> None:
    _sizes(played, _dashboard(played), played.seated_user("B"))


def test_the_signed_in_live_page_costs_the_same_queries_for_two_tables_as_for_six(
    played: Setup,
) -> None:
    url = f"/tournaments/{played.tournament.slug}/results/"
    _sizes(played, url, played.director)
    _sizes(played, url, played.director, _a_deal_at_the_first_table(played))


def test_the_dashboard_tools_come_from_the_cached_entries(played: Setup) -> None:
    client = Client()
    client.force_login(played.director)
    _grow(played, 3)
    sql = _queries(client, _dashboard(played))
    assert not [query for query in sql if "games_dealentry" in query]  # no replay
    page = client.get(_dashboard(played)).content.decode()
    for table in played.round.tables.all():
        assert f'id="ruling-form-{table.pk}"' in page  # the director referees every table
    # The first table's misdeal letter may be waived and its ruling appealed.
    assert f'id="waiver-form-{played.table.pk}"' in page
    assert f'id="appeal-form-{played.table.pk}"' in page
    assert page.count('id="waiver-form-') == 1


def test_a_request_reads_the_users_groups_once(played: Setup) -> None:
    client = Client()
    client.force_login(played.director)
    sql = _queries(client, f"/tournaments/{played.tournament.slug}/results/")
    assert len([query for query in sql if "auth_user_groups" in query]) == 1


def test_outside_a_request_a_role_granted_counts_at_once() -> None:
    user = UserFactory()
    assert not has_role(user, Role.REFEREE)
    user.groups.add(Group.objects.get_or_create(name=Role.REFEREE)[0])
    assert has_role(user, Role.REFEREE)


def test_before_the_first_deal_the_dashboard_costs_the_same_queries_for_two_tables_as_for_six() -> (
    None
):
    cache.clear()
    setup = make_setup()
    client = Client()
    client.force_login(setup.director)
    make_table(setup.round)
    few = _queries(client, _dashboard(setup))
    while setup.round.tables.count() < 6:
        make_table(setup.round)
    assert len(_queries(client, _dashboard(setup))) == len(few)


def _form_token(page: str, table: Table) -> str:
    form = page.split(f'id="ruling-form-{table.pk}"', 1)[1]
    return form.split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]


def test_a_kept_card_carries_each_viewers_own_csrf_token(played: Setup) -> None:
    other = UserFactory(roles=["director"])
    played.tournament.directors.add(other)
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.force_login(played.director)
    second.force_login(other)
    url = _dashboard(played)
    mine = first.get(url).content.decode()
    theirs = second.get(url).content.decode()  # the same kept card as the first director's
    assert _form_token(mine, played.table) != _form_token(theirs, played.table)
    answer = second.post(
        f"/games/tables/{played.table.pk}/call/",
        {
            "action": "clear",
            "next": url,
            "csrfmiddlewaretoken": _form_token(theirs, played.table),
        },
    )
    assert answer.status_code == 302  # the token the page gave is the viewer's own
